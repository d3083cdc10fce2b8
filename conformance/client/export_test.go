package client

// WaitExit waits until the client's current implementation process, if
// any, has exited: a test synchronises on it instead of sleeping.
func WaitExit(c *Client) {
	if c.proc != nil {
		<-c.proc.exited
	}
}
