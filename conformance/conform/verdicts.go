package conform

import (
	"fmt"
	"slices"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/equiv"
	"github.com/betzacheck/betzacheck/conformance/wire"
)

// VerdictKind is the judgement of one case.
type VerdictKind int

// The verdict Kinds. Every case ends in exactly one.
const (
	// VerdictPass: the implementation agrees with the reference at its
	// level.
	VerdictPass VerdictKind = iota
	// VerdictFail: it disagrees: other outcomes, an invalid notation
	// accepted, a valid one rejected.
	VerdictFail
	// VerdictUnsupported: it said it cannot answer (error kind
	// "unsupported"), it did not declare the case's dialect or board
	// size, or the reference itself cannot answer (one of its limits).
	VerdictUnsupported
	// VerdictError: an internal error reply, garbage instead of a reply,
	// an implementation that could not be started, or a case the run was
	// stopped before (spec/protocol.md P6.6).
	VerdictError
	// VerdictTimeout: no reply in time.
	VerdictTimeout
	// VerdictCrash: the implementation died or could not be started.
	VerdictCrash
)

var verdictNames = [...]string{"pass", "fail", "unsupported", "error", "timeout", "crash"}

// ParseVerdictKind is the kind named name, and whether there is one.
func ParseVerdictKind(name string) (VerdictKind, bool) {
	i := slices.Index(verdictNames[:], name)
	return VerdictKind(i), i >= 0
}

// String returns "pass", "fail", "unsupported", "error", "timeout" or
// "crash".
func (k VerdictKind) String() string {
	if k >= 0 && int(k) < len(verdictNames) {
		return verdictNames[k]
	}
	return fmt.Sprintf("VerdictKind(%d)", int(k))
}

// MarshalText writes the kind's name, for JSON reports.
func (k VerdictKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Verdict is the judgement of one case.
type Verdict struct {
	Kind VerdictKind
	// Reason says why, in one line, for every kind but a plain pass.
	Reason string
	// Diff lists the outcome keys (see wire.Key) only the reference has and
	// only the implementation has; empty unless outcomes disagree or an
	// invalid notation was answered.
	Diff string
}

// Judge compares an implementation's result for a case with the
// reference's reply to it (server.AnswerSetup) at level, the level the
// implementation declared.
//
//   - a timeout or crash is a timeout or crash verdict; garbage, a
//     failed restart, a run stopped before the reply and an error of kind
//     "request" (the implementation blames the request) are errors;
//   - an "unsupported" reply is unsupported, and so is a request the
//     client did not send (a dialect or board the implementation did not
//     declare) and a case the reference itself answers "unsupported" (one
//     of its limits);
//   - if the reference rejects the notation (kind syntax), a syntax error
//     passes (a different offset is noted in Reason) and outcomes fail
//     ("accepted an invalid notation");
//   - if the reference cannot evaluate the case (kind internal: a
//     fragment conflict, §9.13), an internal error passes, outcomes fail;
//   - otherwise a syntax error fails ("rejected a valid notation"), an
//     internal error is an error, and outcomes pass when their keys at
//     level equal the reference's.
func Judge(want wire.Reply, got client.Result, level string) Verdict {
	switch got.Kind {
	case client.ResultTimeout:
		return Verdict{Kind: VerdictTimeout, Reason: got.Detail}
	case client.ResultCrash:
		return Verdict{Kind: VerdictCrash, Reason: got.Detail}
	case client.ResultGarbage:
		return Verdict{Kind: VerdictError, Reason: "garbage reply: " + got.Detail}
	case client.ResultNoStart:
		return Verdict{Kind: VerdictError, Reason: "implementation does not start: " + got.Detail}
	case client.ResultSkipped:
		return Verdict{Kind: VerdictUnsupported, Reason: got.Detail}
	case client.ResultStopped:
		return Verdict{Kind: VerdictError, Reason: "run interrupted: " + got.Detail}
	}
	if !wire.ValidLevel(level) {
		return Verdict{Kind: VerdictError, Reason: fmt.Sprintf("unknown level %q", level)}
	}
	g := got.Reply
	if g.Error != nil && g.Error.Kind == wire.KindUnsupported {
		return Verdict{Kind: VerdictUnsupported, Reason: g.Error.Message}
	}
	if g.Error != nil && g.Error.Kind == wire.KindRequest {
		// The client sends only well-formed requests (P3.1): whoever is
		// at fault, nothing was answered.
		return Verdict{Kind: VerdictError, Reason: fmt.Sprintf("%s (the implementation says the request is at fault, P4)", g.Error)}
	}
	if w := want.Error; w != nil {
		switch {
		case w.Kind == wire.KindUnsupported:
			return Verdict{Kind: VerdictUnsupported, Reason: "the reference does not answer this case: " + w.Message}
		case g.Error == nil && w.Kind == wire.KindSyntax:
			return Verdict{Kind: VerdictFail, Reason: "accepted an invalid notation; the reference says " + w.String(),
				Diff: diff(nil, wire.Keys(wire.Project(g.Outcomes, level), level))}
		case g.Error == nil:
			return Verdict{Kind: VerdictFail, Reason: "answered a case the reference refuses: " + w.Message,
				Diff: diff(nil, wire.Keys(wire.Project(g.Outcomes, level), level))}
		case w.Kind == wire.KindSyntax && g.Error.Kind == wire.KindSyntax:
			if w.Offset != nil && g.Error.Offset != nil && *w.Offset != *g.Error.Offset {
				return Verdict{Kind: VerdictPass, Reason: fmt.Sprintf("rejected at offset %d, the reference at %d", *g.Error.Offset, *w.Offset)}
			}
			return Verdict{Kind: VerdictPass}
		case w.Kind == wire.KindSyntax:
			return Verdict{Kind: VerdictError, Reason: fmt.Sprintf("%s (the reference rejects the notation: %s)", g.Error, w.Message)}
		case g.Error.Kind == wire.KindSyntax:
			return Verdict{Kind: VerdictFail, Reason: fmt.Sprintf("rejected a valid notation (%s); the reference fails only in evaluation: %s", g.Error, w.Message)}
		}
		return Verdict{Kind: VerdictPass, Reason: "both refuse the case: " + g.Error.Message}
	}
	if g.Error != nil {
		if g.Error.Kind == wire.KindSyntax {
			return Verdict{Kind: VerdictFail, Reason: "rejected a valid notation: " + g.Error.String()}
		}
		return Verdict{Kind: VerdictError, Reason: g.Error.String()}
	}
	wk := wire.Keys(wire.Project(want.Outcomes, level), level)
	gk := wire.Keys(wire.Project(g.Outcomes, level), level)
	if d := diff(wk, gk); d != "" {
		return Verdict{Kind: VerdictFail, Reason: fmt.Sprintf("%d outcomes, the reference has %d", len(gk), len(wk)), Diff: d}
	}
	return Verdict{Kind: VerdictPass}
}

// diff lists the keys only in the reference's answer (want) and only in
// the implementation's (got), both sorted; "" when they are equal.
func diff(want, got []string) string {
	return equiv.DiffText(want, got, "only in the reference", "only in the implementation")
}

// Answered reports whether the implementation answered the case: a reply
// with outcomes or an error, other than "unsupported", on a case the
// reference can answer too (its verdict is not unsupported).
func (r *Result) Answered() bool {
	return (r.Got.Kind == client.ResultOK || r.Got.Kind == client.ResultError) && r.Verdict.Kind != VerdictUnsupported
}
