package conform

import (
	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// NotStarted is an implementation whose first start failed: it exited at
// once, never answered the handshake, or spoke another protocol. Every
// case still gets a verdict (spec/protocol.md P2.2, P6.4): error, with the
// cause.
type NotStarted struct {
	// Name names the implementation in the report (its command).
	Name string
	// Err is why it could not be started.
	Err error
}

// Hello describes an implementation that said nothing: it declares no
// dialect and the most detailed level, so that no case is adapted or
// skipped for it.
func (n NotStarted) Hello() wire.HelloReply {
	return wire.HelloReply{Name: n.Name, Version: "(not started)", Protocol: wire.Version, Dialects: []string{}, Level: wire.LevelPaths}
}

// Do answers every request with ResultNoStart and the cause.
func (n NotStarted) Do(req wire.MovesRequest) client.Result {
	return client.Result{ID: req.ID, Kind: client.ResultNoStart, Detail: "could not start: " + n.Err.Error()}
}

// Close does nothing.
func (NotStarted) Close() error { return nil }
