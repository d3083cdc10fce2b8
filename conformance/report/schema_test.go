package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/client"
	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/conform/conformtest"
	"github.com/betzacheck/betzacheck/conformance/report"
	"github.com/betzacheck/betzacheck/conformance/triage"
	"github.com/betzacheck/betzacheck/reference/board"
	"github.com/betzacheck/betzacheck/reference/dialect"
)

// TestReportSchema: every kind of JSON report validates against
// report.schema.json (spec/protocol.md P10.1): a whole run of corpus and
// generated cases with every field of its run set, shards and their
// merge, every verdict and kind of result with failures shrunk into
// classes, classic cases with profile agreements, a run stopped with
// unsolicited lines, a mover destroyed, an implementation that never
// started, a run stopped before its first case, and each of them read
// back. The validator is
// the subset of JSON Schema the schema uses (see jsonSchema); it refuses
// a schema that uses any other keyword, and the test checks that it
// refuses reports that break the schema.
func TestReportSchema(t *testing.T) {
	root := loadSchema(t, "report.schema.json")
	ctx := context.Background()
	seed := int64(3)
	full := conform.RunInfo{Tool: "betzacheck", Version: "0.1.0", Argv: []string{"betzacheck", "conform", "--impl", "reference"},
		Impl: "reference", Generate: 30, Seed: &seed, Dialect: dialect.Betza2, Level: "effects", Timeout: "10s", ShrinkBudget: 150,
		Corpus: conform.NewCorpusInfo("corpus", nil), Expect: &conform.ExpectInfo{Path: "known.txt", Digest: conform.Digest([]byte("x"))},
		Notation: &conform.NotationInfo{Notation: "W", Dialect: dialect.Betza2, Board: "8x8", Position: "8/8/8/8/8/8/8/8", From: "d4"}}
	shrunk := func(impl conform.Impl, rep *conform.Report) *conform.Report {
		triage.Shrink(ctx, impl, rep, triage.ShrinkOptions{Budget: 20, Impl: "impl"})
		return rep
	}
	reports := map[string]*conform.Report{}
	ref := conform.Reference{}
	reports["reference"] = conform.Stream(ctx, ref, stream(t, conform.Shard{}, ref, 30, 3), conform.Options{KeepPasses: true, Run: full})
	var shards []*conform.Report
	for k := 1; k <= 2; k++ {
		s := conform.Shard{K: k, N: 2}
		impl := byLetter{[]string{dialect.Betza2}, new(int)}
		rep := shrunk(impl, conform.Stream(ctx, impl, generated(t, s, impl, 60, 4), conform.Options{KeepPasses: true, Shard: s, Run: full}))
		reports[fmt.Sprintf("by-letter shard %s", s)] = rep
		shards = append(shards, rep)
	}
	merged, err := report.Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	reports["merged"] = merged
	classic := byLetter{[]string{dialect.Classic}, new(int)}
	reports["classic"] = shrunk(classic, conform.Stream(ctx, classic, generated(t, conform.Shard{}, classic, 40, 5), conform.Options{KeepPasses: true}))
	stopped := &stoppedByLetter{byLetter{[]string{dialect.Betza2}, new(int)}, 4}
	rep := conform.Stream(ctx, stopped, generated(t, conform.Shard{}, stopped, 10, 5), conform.Options{KeepPasses: true})
	rep.Unsolicited, rep.UnsolicitedLines = 2, []client.Unsolicited{{After: 0, Line: "hello!"}, {After: 2, Line: "extra"}}
	reports["stopped"] = rep
	// A mover destroyed (§3.14): an outcome going nowhere ("to": null),
	// which lax, answering no moves, misses.
	suicide, err := board.ParseSetup("3x3", "2p/3/X2", "a1", "")
	if err != nil {
		t.Fatal(err)
	}
	reports["destroyed"] = conform.Run(ctx, conformtest.Lax{Dialects: []string{dialect.Betza2}}, []*conform.Case{conform.NewCase("suicide", nil, "cB-dO", suicide)}, "")
	never := conform.NotStarted{Name: "missing", Err: errors.New("no such file")}
	reports["not started"] = conform.Stream(ctx, never, generated(t, conform.Shard{}, never, 3, 1), conform.Options{KeepPasses: true})
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	reports["stopped before its first case"] = conform.Stream(cancelled, never, generated(t, conform.Shard{}, never, 3, 1), conform.Options{KeepPasses: true})

	names := make([]string, 0, len(reports))
	for name := range reports {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		rep := reports[name]
		back, js := writeRead(t, rep)
		var again bytes.Buffer
		if err := report.WriteJSON(&again, back); err != nil {
			t.Fatal(err)
		}
		for _, doc := range [][]byte{js, again.Bytes()} {
			if errs := root.validateJSON(doc); len(errs) > 0 {
				t.Errorf("%s: the report breaks the schema:\n%s", name, strings.Join(errs, "\n"))
			}
		}
	}
	// The reports cover what the schema describes.
	var all bytes.Buffer
	for _, name := range names {
		report.WriteJSON(&all, reports[name])
	}
	for _, field := range []string{`"minimal"`, `"classes": [` + "\n    {", `"profiles"`, `"unsolicitedLines"`, `"stopped"`, `"reference"`,
		`"shrinking"`, `"shard"`, `"corpus"`, `"expect"`, `"notation"`, `"got"`, `"to": null`, `"changes"`, `"paths"`, `"offset"`, `"cases": []`} {
		if !strings.Contains(all.String(), field) {
			t.Errorf("no report has %s: the test validates less than it says", field)
		}
	}

	// The validator refuses what breaks the schema.
	var good bytes.Buffer
	if err := report.WriteJSON(&good, reports["stopped"]); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, doc, want string }{
		{"no run", editReport(t, good.String(), func(m map[string]any) { delete(m, "run") }), `$: "run" is required`},
		{"unknown", editReport(t, good.String(), func(m map[string]any) { m["extra"] = 1 }), `$: "extra" is not allowed`},
		{"type", editReport(t, good.String(), func(m map[string]any) { m["totals"].(map[string]any)["fail"] = "many" }), `$.totals.fail: "many" is not integer`},
		{"fraction", editReport(t, good.String(), func(m map[string]any) { m["generated"] = 1.5 }), `$.generated: 1.5 is not integer`},
		{"minimum", editReport(t, good.String(), func(m map[string]any) { m["answered"] = -1 }), `$.answered: -1 is below 0`},
		{"enum", editCases(t, good.String(), func(cs []any) { cs[0].(map[string]any)["verdict"] = "maybe" }), `$.cases[0].verdict: "maybe" is not one of`},
		{"pattern", editReport(t, good.String(), func(m map[string]any) {
			m["run"].(map[string]any)["corpus"] = map[string]any{"path": "c", "cases": 1, "digest": "md5:1"}
		}), `$.run.corpus.digest: "md5:1" does not match`},
		{"null", editReport(t, good.String(), func(m map[string]any) { m["cases"] = nil }), `$.cases: null is not array`},
	} {
		errs := root.validateJSON([]byte(c.doc))
		if !slices.ContainsFunc(errs, func(e string) bool { return strings.HasPrefix(e, c.want) }) {
			t.Errorf("%s: %q, want an error starting %q", c.name, errs, c.want)
		}
	}
}

// jsonSchema is the subset of JSON Schema (draft 2020-12) that
// report.schema.json uses: type, enum, minimum, pattern, required,
// properties, additionalProperties, items, and $ref to its own $defs;
// $schema, $id, title and description are annotations. A schema that uses
// any other keyword is refused when it is loaded, so that nothing in it
// goes unchecked.
type jsonSchema struct {
	Schema               string                 `json:"$schema"`
	ID                   string                 `json:"$id"`
	Title                string                 `json:"title"`
	Description          string                 `json:"description"`
	Ref                  string                 `json:"$ref"`
	Defs                 map[string]*jsonSchema `json:"$defs"`
	Type                 json.RawMessage        `json:"type"`
	Enum                 []any                  `json:"enum"`
	Minimum              *json.Number           `json:"minimum"`
	Pattern              string                 `json:"pattern"`
	Required             []string               `json:"required"`
	Properties           map[string]*jsonSchema `json:"properties"`
	AdditionalProperties json.RawMessage        `json:"additionalProperties"`
	Items                *jsonSchema            `json:"items"`

	types      []string
	noMore     bool        // additionalProperties: false
	additional *jsonSchema // additionalProperties: a schema
	pattern    *regexp.Regexp
	root       *jsonSchema
}

// loadSchema reads the schema at path and prepares each of its parts.
func loadSchema(t *testing.T, path string) *jsonSchema {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	var root jsonSchema
	if err := dec.Decode(&root); err != nil {
		t.Fatalf("%s: %v (a keyword the validator does not know?)", path, err)
	}
	if err := root.prepare(&root, "#"); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return &root
}

func (s *jsonSchema) prepare(root *jsonSchema, at string) error {
	s.root = root
	if len(s.Type) > 0 {
		if err := json.Unmarshal(s.Type, &s.types); err != nil {
			var one string
			if err := json.Unmarshal(s.Type, &one); err != nil {
				return fmt.Errorf("%s: type: expected a name or a list of names", at)
			}
			s.types = []string{one}
		}
	}
	if len(s.AdditionalProperties) > 0 {
		switch string(s.AdditionalProperties) {
		case "false":
			s.noMore = true
		case "true":
		default:
			s.additional = new(jsonSchema)
			dec := json.NewDecoder(bytes.NewReader(s.AdditionalProperties))
			dec.DisallowUnknownFields()
			dec.UseNumber()
			if err := dec.Decode(s.additional); err != nil {
				return fmt.Errorf("%s: additionalProperties: %v", at, err)
			}
		}
	}
	if s.Pattern != "" {
		re, err := regexp.Compile(s.Pattern)
		if err != nil {
			return fmt.Errorf("%s: pattern: %v", at, err)
		}
		s.pattern = re
	}
	if s.Ref != "" {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		if !ok || root.Defs[name] == nil {
			return fmt.Errorf("%s: $ref %q: expected #/$defs/NAME of a definition", at, s.Ref)
		}
	}
	subs := map[string]*jsonSchema{"additionalProperties": s.additional, "items": s.Items}
	for k, d := range s.Defs {
		subs["$defs/"+k] = d
	}
	for k, p := range s.Properties {
		subs["properties/"+k] = p
	}
	for k, sub := range subs {
		if sub != nil {
			if err := sub.prepare(root, at+"/"+k); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateJSON validates a JSON document, numbers read exactly.
func (s *jsonSchema) validateJSON(doc []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	return s.validate(v, "$")
}

// validate lists what in v, at path, breaks s.
func (s *jsonSchema) validate(v any, path string) []string {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, path+": "+fmt.Sprintf(format, args...)) }
	if s.Ref != "" {
		errs = append(errs, s.root.Defs[strings.TrimPrefix(s.Ref, "#/$defs/")].validate(v, path)...)
	}
	if len(s.types) > 0 && !slices.ContainsFunc(s.types, func(tp string) bool { return hasType(v, tp) }) {
		bad("%s is not %s", shown(v), strings.Join(s.types, " or "))
		return errs
	}
	if s.Enum != nil && !slices.ContainsFunc(s.Enum, func(e any) bool { return sameValue(e, v) }) {
		bad("%s is not one of %v", shown(v), s.Enum)
	}
	if n, ok := v.(json.Number); ok && s.Minimum != nil {
		if number(n).Cmp(number(*s.Minimum)) < 0 {
			bad("%s is below %s", n, *s.Minimum)
		}
	}
	if str, ok := v.(string); ok && s.pattern != nil && !s.pattern.MatchString(str) {
		bad("%s does not match %s", shown(v), s.Pattern)
	}
	switch v := v.(type) {
	case map[string]any:
		for _, k := range s.Required {
			if _, ok := v[k]; !ok {
				bad("%q is required", k)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			switch p, known := s.Properties[k]; {
			case known:
				errs = append(errs, p.validate(v[k], path+"."+k)...)
			case s.noMore:
				bad("%q is not allowed", k)
			case s.additional != nil:
				errs = append(errs, s.additional.validate(v[k], path+"."+k)...)
			}
		}
	case []any:
		if s.Items != nil {
			for i, e := range v {
				errs = append(errs, s.Items.validate(e, fmt.Sprintf("%s[%d]", path, i))...)
			}
		}
	}
	return errs
}

// hasType reports whether v, decoded with UseNumber, is of the JSON
// Schema type tp; an integer is a number with no fractional part.
func hasType(v any, tp string) bool {
	switch v := v.(type) {
	case nil:
		return tp == "null"
	case bool:
		return tp == "boolean"
	case string:
		return tp == "string"
	case json.Number:
		return tp == "number" || tp == "integer" && number(v).IsInt()
	case []any:
		return tp == "array"
	case map[string]any:
		return tp == "object"
	}
	return false
}

// number is n exactly (a JSON number is decimal: big.Rat reads it all).
func number(n json.Number) *big.Rat {
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return new(big.Rat)
	}
	return r
}

// sameValue reports whether an enum's value e is v (numbers by value).
func sameValue(e, v any) bool {
	en, eok := e.(json.Number)
	vn, vok := v.(json.Number)
	if eok && vok {
		return number(en).Cmp(number(vn)) == 0
	}
	return e == v
}

// shown is v in an error: its JSON.
func shown(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
