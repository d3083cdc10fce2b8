package conform

import (
	"strings"

	"betzacheck/conformance/server"
	"betzacheck/conformance/wire"
	"betzacheck/reference/dialect"
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

// Profiles is how often the implementation's answers agree with each
// profile of spec/classic.md, over the answered cases that were sent in
// classic Betza; profiles that read none of them are left out. The profile
// with most agreement is the reading the implementation follows (conform
// reports it).
func (r *Report) Profiles() []ProfileAgreement {
	var out []ProfileAgreement
	for _, p := range r.profiles {
		if p.Cases > 0 {
			out = append(out, p)
		}
	}
	return out
}

// addProfiles judges a result again, once per profile, if the case was
// sent in classic Betza (under any profile) and answered: the profile's
// translation of the text sent gives the reference's answer, and the
// implementation's answer is compared with it. A case the implementation
// answered "unsupported", or the reference cannot answer, is not counted:
// it says nothing of either reading.
func (r *Report) addProfiles(res *Result) {
	req := res.Case.Request
	if base, _, _ := strings.Cut(req.Dialect, ":"); base != dialect.Classic || !res.answered() {
		return
	}
	if r.profiles == nil {
		for _, p := range classic.Profiles {
			r.profiles = append(r.profiles, ProfileAgreement{Profile: p.Name})
		}
	}
	for i, p := range classic.Profiles {
		prog, err := translate.ToBetza2(dialect.Classic+":"+p.Name, req.Notation)
		var want wire.Reply
		if err != nil {
			// The profile rejects the text: an implementation that
			// follows it answers with a syntax error.
			want = wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: err.Error()}}
		} else {
			want = server.AnswerProgram(prog, res.Case.Setup, r.Level)
		}
		r.profiles[i].Cases++
		if Judge(want, res.Got, r.Level).Kind == VerdictPass {
			r.profiles[i].Agree++
		}
	}
}
