package conform

import (
	"errors"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// Pool is an Impl made of several processes of one implementation: Do
// may be called concurrently, and each call is served by a member that is
// idle. Every member must describe the same implementation (Hello).
type Pool struct {
	members []Impl
	idle    chan Impl
}

// NewPool is the pool of members (at least one).
func NewPool(members ...Impl) *Pool {
	p := &Pool{members: members, idle: make(chan Impl, len(members))}
	for _, m := range members {
		p.idle <- m
	}
	return p
}

// Size is how many members the pool has: how many calls it serves at once.
func (p *Pool) Size() int { return len(p.members) }

// Hello is the first member's.
func (p *Pool) Hello() wire.HelloReply { return p.members[0].Hello() }

// Do asks the request of an idle member, waiting for one.
func (p *Pool) Do(req wire.MovesRequest) client.Result {
	m := <-p.idle
	defer func() { p.idle <- m }()
	return m.Do(req)
}

// Close closes every member.
func (p *Pool) Close() error {
	var errs []error
	for _, m := range p.members {
		errs = append(errs, m.Close())
	}
	return errors.Join(errs...)
}
