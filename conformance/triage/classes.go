package triage

import (
	"cmp"
	"fmt"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/reference/dialect/classic"
	"github.com/betzacheck/betzacheck/reference/geometry"
	"slices"
	"sort"
	"strings"
)

// Structure is the key of a failure that no cause explains: the kind of
// its minimal case and what decides how a notation is read, without the
// letters themselves: for a notation the dialect rejects, the clause of
// the syntax error; else the atom classes (orthogonal, diagonal, oblique,
// compound, null; leaper or rider), the modalities written and the legs
// of the longest chain of its Betza 2.0 form. "missing: oblique rider;
// m c; 1 leg".
func Structure(m *conform.Minimal) string {
	c := m.Case
	if c.Invalid {
		clause := syntaxClause(c)
		if clause == "" {
			clause = "no clause cited"
		}
		return fmt.Sprintf("%s: rejected under %s", m.Divergence, clause)
	}
	text := c.Betza2
	var atoms []string
	seen := map[string]bool{}
	note := func(w string) {
		if !seen[w] {
			seen[w] = true
			atoms = append(atoms, w)
		}
	}
	for i := 0; i < len(text); i++ {
		a := geometry.LookupAtom(text[i])
		if a == nil || text[i] < 'A' || text[i] > 'Z' {
			continue
		}
		kind := "leaper"
		if a.Rider || i+1 < len(text) && '0' <= text[i+1] && text[i+1] <= '9' {
			kind = "rider"
		}
		note(a.Class.String() + " " + kind)
	}
	slices.Sort(atoms)
	var modes []string
	for _, r := range "mcdptouxei" {
		if strings.ContainsRune(text, r) {
			modes = append(modes, string(r))
		}
	}
	legs := 1
	for _, chain := range strings.FieldsFunc(text, func(r rune) bool { return r == '(' || r == ')' }) {
		legs = max(legs, strings.Count(chain, "-")+1)
	}
	mw := strings.Join(modes, " ")
	if mw == "" {
		mw = "no modality"
	}
	return fmt.Sprintf("%s: %s; %s; %s", m.Divergence, strings.Join(atoms, ", "), mw, conform.CountWord(legs, "leg", "legs"))
}

// Class is a group of failures with one cause: the hypothesis that
// explains every member (Result.Cause), or, for failures no hypothesis
// explains, the same Structure of their minimal cases.
type Class struct {
	// Key is the cause's name (Cause.Names[0]) or the structure.
	Key string
	// Cause is the members' cause; nil for a class of structure.
	Cause *conform.Cause
	Kind  conform.Divergence
	// Smallest is the member whose minimal case is the smallest (shortest
	// notation, then smallest board, then fewest pieces, then text
	// order): the class is named by it.
	Smallest *conform.Result
	// Members are the failures of the class, in run order.
	Members []*conform.Result
}

// Count is how many failures the class holds.
func (c *Class) Count() int { return len(c.Members) }

// ClassKey is the key of the class of a failing result: its cause's
// name, or the structure of its minimal case.
func ClassKey(res *conform.Result) string {
	if res.Cause != nil && len(res.Cause.Names) > 0 {
		return res.Cause.Names[0]
	}
	return Structure(conform.MinimalOf(res))
}

// Classes groups the failing results (verdict fail) by ClassKey; every
// failure is in exactly one class. They are sorted by count, most first,
// then by key. A class of a cause is named by the member that was shrunk
// (its representative), else by the smallest minimal case.
func Classes(r *conform.Report) []*Class {
	byKey := map[string]*Class{}
	var out []*Class
	for _, res := range r.Results {
		if res.Verdict.Kind != conform.VerdictFail {
			continue
		}
		k := ClassKey(res)
		c := byKey[k]
		if c == nil {
			c = &Class{Key: k, Cause: res.Cause, Kind: conform.MinimalOf(res).Divergence, Smallest: res}
			byKey[k] = c
			out = append(out, c)
		}
		c.Members = append(c.Members, res)
		shrunk, best := res.Minimal != nil, c.Smallest.Minimal != nil
		if shrunk && !best || shrunk == best && CompareMinimal(conform.MinimalOf(res).Case, conform.MinimalOf(c.Smallest).Case) < 0 {
			c.Smallest = res
			c.Kind = conform.MinimalOf(res).Divergence
		}
	}
	slices.SortStableFunc(out, func(a, b *Class) int {
		return cmp.Or(cmp.Compare(b.Count(), a.Count()), strings.Compare(a.Key, b.Key))
	})
	return out
}

// CompareMinimal orders minimal cases, smallest first: by the length of
// the notation, the board's squares (then width), the pieces, then the
// texts of the notation, position and square.
func CompareMinimal(a, b *conform.Case) int {
	as, bs := a.Setup.Pos.Size(), b.Setup.Pos.Size()
	return cmp.Or(
		cmp.Compare(len(a.Request.Notation), len(b.Request.Notation)),
		cmp.Compare(as.Squares(), bs.Squares()),
		cmp.Compare(as.W, bs.W),
		cmp.Compare(len(a.Setup.Pos.Pieces()), len(b.Setup.Pos.Pieces())),
		strings.Compare(a.Request.Notation, b.Request.Notation),
		strings.Compare(a.Request.Position, b.Request.Position),
		strings.Compare(a.Request.From, b.Request.From),
	)
}

// ApplyClasses marks the failures of each expected class (a "class KEY"
// entry) as expected, unless their case's own entry says otherwise, and
// records as stale an expected class that has no failure in the run (not
// in a stopped run, nor in a shard).
func ApplyClasses(r *conform.Report, exp conform.Expectations) {
	seen := map[string]bool{}
	for _, c := range Classes(r) {
		if _, ok := exp[conform.ClassPrefix+c.Key]; !ok {
			continue
		}
		seen[c.Key] = true
		for _, res := range c.Members {
			if res.Expected == "" {
				res.Expected = conform.VerdictFail.String()
			}
		}
	}
	var missing []string
	for k := range exp {
		if key, ok := strings.CutPrefix(k, conform.ClassPrefix); ok && !seen[key] && !r.Interrupted() && r.Shard.Whole() {
			missing = append(missing, key)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		r.Stale = append(r.Stale, "class "+k+": no failure of this class in this run")
	}
}

// ClassProfiles is Profiles over the members of one class: which
// profile's reading the program follows on these failures (a program
// that mixes profiles follows one in one class and another in the next).
func ClassProfiles(r *conform.Report, c *Class) []conform.ProfileAgreement {
	out := make([]conform.ProfileAgreement, len(classic.Profiles))
	for i, p := range classic.Profiles {
		out[i].Profile = p.Name
	}
	for _, res := range c.Members {
		for i, ok := range res.Agreement(r.Level) {
			out[i].Cases++
			if ok {
				out[i].Agree++
			}
		}
	}
	return slices.DeleteFunc(out, func(p conform.ProfileAgreement) bool { return p.Cases == 0 })
}
