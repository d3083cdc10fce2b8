//go:build !unix

package client_test

// closeOnExec does nothing where file descriptors are not inherited the
// unix way.
func closeOnExec() {}
