package conform

import (
	"strings"

	"github.com/betzacheck/betzacheck/conformance/server"
	"github.com/betzacheck/betzacheck/conformance/wire"
	"github.com/betzacheck/betzacheck/reference/dialect"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/translate"
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

// addProfiles counts, per profile, whether the result agrees with it
// (profileAgreement).
func (r *Report) addProfiles(res *Result) {
	agree := res.Agreement(r.Level)
	if agree == nil {
		return
	}
	if r.profiles == nil {
		for _, p := range classic.Profiles {
			r.profiles = append(r.profiles, ProfileAgreement{Profile: p.Name})
		}
	}
	for i, ok := range agree {
		r.profiles[i].Cases++
		if ok {
			r.profiles[i].Agree++
		}
	}
}

// Agreement judges a result again, once per profile of
// classic.Profiles, if the case was sent in classic Betza (under any
// profile) and answered: the profile's translation of the text sent gives
// the reference's answer, and the implementation's answer is compared
// with it at level. It is nil for a case the implementation answered
// "unsupported", or did not answer: it says nothing of either reading.
func (res *Result) Agreement(level string) []bool {
	req := res.Case.Request
	if base, _, _ := strings.Cut(req.Dialect, ":"); base != dialect.Classic || !res.Answered() {
		return nil
	}
	agree := make([]bool, len(classic.Profiles))
	for i, p := range classic.Profiles {
		prog, err := translate.ToBetza2(dialect.Classic+":"+p.Name, req.Notation)
		var want wire.Reply
		if err != nil {
			// The profile rejects the text: an implementation that
			// follows it answers with a syntax error.
			want = wire.Reply{Error: &wire.ErrorReply{Kind: wire.KindSyntax, Message: err.Error()}}
		} else {
			want = server.AnswerProgram(prog, res.Case.Setup, level)
		}
		agree[i] = Judge(want, res.Got, level).Kind == VerdictPass
	}
	return agree
}
