package conform

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strconv"
	"strings"
)

// ReportFormat is the version of the JSON report's format
// (spec/protocol.md P10): the "format" of its "run" object. A reader
// refuses a report of another format, and a change that an older reader
// would misread makes a new one.
const ReportFormat = 1

// RunInfo is what a run was: the "run" object of its JSON report
// (spec/protocol.md P10.2), written by the command that ran it and kept
// through ReadJSON and Merge. Everything in it but Argv, together with
// the number of shards the run was split into (Report.Shard.N), is the
// run's identity: the shards of one run have the same, and Merge refuses
// reports whose identities differ (see RunInfo.Differs).
type RunInfo struct {
	// Format is ReportFormat; Stream sets it, and Protocol, the protocol
	// version the client speaks (wire.Version).
	Format   int `json:"format"`
	Protocol int `json:"protocol"`
	// Tool and Version name the program that ran the run.
	Tool    string `json:"tool"`
	Version string `json:"version"`
	// Argv is the command line that wrote the report, as run (a merged
	// report's is the merge's): it holds the shard and the output paths,
	// which differ between the shards of one run, and is not compared.
	Argv []string `json:"argv"`
	// Impl is the implementation's command (conform --impl).
	Impl string `json:"impl"`
	// Generate is how many generated cases the run has, Seed their seed
	// (nil when it has none: a seed without generated cases decides
	// nothing), and Dialect the dialect they were sampled in
	// (GenerateDialect).
	Generate int    `json:"generate"`
	Seed     *int64 `json:"seed,omitempty"`
	Dialect  string `json:"dialect,omitempty"`
	// Level is the --level given ("" for none: the implementation's).
	Level string `json:"level,omitempty"`
	// Timeout is the time limit per case (a Go duration: "10s").
	Timeout string `json:"timeout,omitempty"`
	// ShrinkBudget is the requests each failure may send while it is
	// shrunk (0: no shrinking).
	ShrinkBudget int `json:"shrinkBudget"`
	// Corpus, Expect and Notation are the corpus, the expectation file
	// and the one case of --notation the run was given, if any.
	Corpus   *CorpusInfo   `json:"corpus,omitempty"`
	Expect   *ExpectInfo   `json:"expect,omitempty"`
	Notation *NotationInfo `json:"notation,omitempty"`
}

// CorpusInfo is the corpus of a run: the directory as given, how many
// cases it gave, and a digest of them (CorpusDigest), so that a corpus
// that changed between two shards is caught.
type CorpusInfo struct {
	Path   string `json:"path"`
	Cases  int    `json:"cases"`
	Digest string `json:"digest"`
}

// ExpectInfo is the expectation file of a run: its path as given and a
// digest of its bytes (Digest).
type ExpectInfo struct {
	Path   string `json:"path"`
	Digest string `json:"digest"`
}

// NotationInfo is the one case a run judges instead of a corpus and
// generated cases (conform --notation, the replay of a minimal case).
type NotationInfo struct {
	Notation string `json:"notation"`
	Dialect  string `json:"dialect"`
	Board    string `json:"board"`
	Position string `json:"position"`
	From     string `json:"from"`
}

// NewCorpusInfo describes the corpus at path, which gave cases.
func NewCorpusInfo(path string, cases []*Case) *CorpusInfo {
	return &CorpusInfo{Path: path, Cases: len(cases), Digest: CorpusDigest(cases)}
}

// CorpusDigest is "sha256:" and the SHA-256, in hex, of each corpus case
// in order: its id, the request it is sent as (dialect, notation, board,
// position, mover's square) and its hand-checked lines (the syntax error
// of an invalid file; the want: or error: lines of a position). A case
// added, removed, renamed or re-pinned changes it (spec/protocol.md
// P10.4).
func CorpusDigest(cases []*Case) string {
	h := sha256.New()
	for _, c := range cases {
		r := c.Request
		fields := []string{c.ID, r.Dialect, r.Notation, r.Board, r.Position, r.From}
		if f := c.File; f != nil && f.Invalid {
			fields = append(fields, "error", strconv.Itoa(f.ErrOffset), f.ErrText)
		}
		if p := c.Pos; p != nil {
			fields = append(fields, "error", p.Error, "want")
			fields = append(fields, p.Want...)
		}
		writeFields(h, fields)
	}
	return digestText(h)
}

// Digest is "sha256:" and the SHA-256 of data, in hex.
func Digest(data []byte) string {
	h := sha256.New()
	h.Write(data)
	return digestText(h)
}

func digestText(h hash.Hash) string { return "sha256:" + hex.EncodeToString(h.Sum(nil)) }

// writeFields writes each field with its length, so that no two lists
// of fields write the same bytes.
func writeFields(w io.Writer, fields []string) {
	for _, f := range fields {
		fmt.Fprintf(w, "%d:%s,", len(f), f)
	}
	io.WriteString(w, "\n")
}

// runField is one field of a run's identity, as the JSON report names it
// and as text.
type runField struct{ name, value string }

// identity is the run's identity, field by field, in the order of the
// report: every field but Argv.
func (r RunInfo) identity() []runField {
	opt := func(p *int64) string {
		if p == nil {
			return "none"
		}
		return strconv.FormatInt(*p, 10)
	}
	or := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	fs := []runField{
		{"format", strconv.Itoa(r.Format)}, {"protocol", strconv.Itoa(r.Protocol)},
		{"tool", r.Tool}, {"version", r.Version}, {"impl", r.Impl},
		{"generate", strconv.Itoa(r.Generate)}, {"seed", opt(r.Seed)}, {"dialect", or(r.Dialect)},
		{"level", or(r.Level)}, {"timeout", or(r.Timeout)}, {"shrinkBudget", strconv.Itoa(r.ShrinkBudget)},
	}
	if c := r.Corpus; c != nil {
		fs = append(fs, runField{"corpus.path", c.Path}, runField{"corpus.cases", strconv.Itoa(c.Cases)}, runField{"corpus.digest", c.Digest})
	} else {
		fs = append(fs, runField{"corpus", "none"})
	}
	if e := r.Expect; e != nil {
		fs = append(fs, runField{"expect.path", e.Path}, runField{"expect.digest", e.Digest})
	} else {
		fs = append(fs, runField{"expect", "none"})
	}
	if n := r.Notation; n != nil {
		fs = append(fs, runField{"notation", strings.Join([]string{n.Notation, n.Dialect, n.Board, n.Position, n.From}, " ")})
	} else {
		fs = append(fs, runField{"notation", "none"})
	}
	return fs
}

// Differs names the first field of the run's identity (everything but
// Argv) in which r and o differ, with its value in each ("" when they do
// not): reports of runs whose identities differ are not shards of one
// run (spec/protocol.md P10.5).
func (r RunInfo) Differs(o RunInfo) (field, mine, theirs string) {
	a, b := r.identity(), o.identity()
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			// A field present in one only ("corpus.path" against
			// "corpus": none) is named by its object.
			name := a[i].name
			if name != b[i].name {
				name, _, _ = strings.Cut(name, ".")
			}
			return name, a[i].value, b[i].value
		}
	}
	return "", "", ""
}
