//go:build !unix

package protocol_test

// closeOnExec does nothing where file descriptors are not inherited the
// unix way.
func closeOnExec() {}
