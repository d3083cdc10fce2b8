package conform

import (
	"betzacheck/conformance/protocol"
	"betzacheck/reference/dialect/classic"
	"betzacheck/reference/translate"
)

// ProfileAgreement is how often an implementation's answers agree with one
// classic-Betza profile's reading of the notations it was sent.
type ProfileAgreement struct {
	Profile string `json:"profile"`
	Agree   int    `json:"agree"`
	Cases   int    `json:"cases"` // cases sent in classic Betza that the profile reads
}

// Profiles judges every answered case that was sent in classic Betza again,
// once per profile of spec/classic.md: the profile's translation of the
// text sent gives the reference's answer, and the implementation's answer
// is compared with it. The profile with most agreement is the reading the
// implementation follows (conform reports it).
func (r *Report) Profiles() []ProfileAgreement {
	var out []ProfileAgreement
	for _, p := range classic.Profiles {
		name := classic.Name + ":" + p.Name
		pa := ProfileAgreement{Profile: p.Name}
		for _, res := range r.Results {
			req := res.Case.Request
			if req.Dialect != protocol.DialectClassic || res.Case.Unsupported != "" ||
				(res.Got.Kind != protocol.ResultOK && res.Got.Kind != protocol.ResultError) {
				continue
			}
			core, err := translate.ToBetza2(name, req.Notation)
			var want protocol.Reply
			if err != nil {
				// The profile rejects the text: an implementation that
				// follows it answers with a syntax error.
				want = protocol.Reply{Error: &protocol.ErrorReply{Kind: protocol.KindSyntax, Message: err.Error()}}
			} else {
				q := req
				q.Dialect, q.Notation = protocol.DialectBetza2, core
				want = protocol.AnswerAt(q, r.Level)
			}
			pa.Cases++
			if protocol.Judge(want, res.Got, r.Level).Kind == protocol.VerdictPass {
				pa.Agree++
			}
		}
		if pa.Cases > 0 {
			out = append(out, pa)
		}
	}
	return out
}
