package htmlreport

import (
	"bytes"
	"encoding/json"
	htmlpkg "html"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/conformance/conform"
	"github.com/betzacheck/betzacheck/conformance/report"
)

// page is what a test reads back from a report page (as written, or as a
// browser's DOM): the numbers and the failure sections.
type pageDOM struct {
	totals    map[string]int            // kind (and "cases", "unexpected") → count
	counts    map[string]map[string]int // clause → kind → count
	failures  []failureDOM
	nFailures int // the data-failures of the failures section
	more      int // the data-more of the note; 0 when there is none
	classes   []classDOM
}

// classDOM is a divergence class as the page shows it.
type classDOM struct {
	key     string
	count   int
	sides   []string // the data-side of each <svg> of its smallest case
	members int      // its member items
}

type failureDOM struct {
	id, verdict string
	sides       []string // the data-side of each <svg>, in order
	body        string
}

var (
	reTotal   = regexp.MustCompile(`<td class="total[^"]*" data-kind="([^"]*)">(\d+)</td>`)
	reCount   = regexp.MustCompile(`<td class="count[^"]*" data-clause="([^"]*)" data-kind="([^"]*)">(\d+)</td>`)
	reFailure = regexp.MustCompile(`(?s)<section class="failure[^"]*" id="case-\d+" data-case="([^"]*)" data-verdict="([^"]*)">(.*?)</section>`)
	reSVG     = regexp.MustCompile(`<svg\b[^>]*>`)
	reSide    = regexp.MustCompile(`\bdata-side="([^"]*)"`)
	reNFail   = regexp.MustCompile(`<section id="failures" data-failures="(\d+)">`)
	reMore    = regexp.MustCompile(`<p class="more" data-more="(\d+)">`)
	reClass   = regexp.MustCompile(`<details class="class" id="class-\d+" data-class="([^"]*)" data-count="(\d+)"`)
)

// svgSides is the data-side of each <svg> in body, "(none)" for one
// without.
func svgSides(body string) []string {
	var sides []string
	for _, svg := range reSVG.FindAllString(body, -1) {
		side := "(none)"
		if s := reSide.FindStringSubmatch(svg); s != nil {
			side = s[1]
		}
		sides = append(sides, side)
	}
	return sides
}

func parseDOM(t *testing.T, html string) *pageDOM {
	t.Helper()
	d := &pageDOM{totals: map[string]int{}, counts: map[string]map[string]int{}}
	for _, m := range reTotal.FindAllStringSubmatch(html, -1) {
		d.totals[m[1]] = atoi(t, m[2])
	}
	for _, m := range reCount.FindAllStringSubmatch(html, -1) {
		if d.counts[m[1]] == nil {
			d.counts[m[1]] = map[string]int{}
		}
		d.counts[m[1]][m[2]] = atoi(t, m[3])
	}
	for _, m := range reFailure.FindAllStringSubmatch(html, -1) {
		d.failures = append(d.failures, failureDOM{id: m[1], verdict: m[2], body: m[3], sides: svgSides(m[3])})
	}
	// A class runs to the next one, or to the end of its section.
	locs := reClass.FindAllStringSubmatchIndex(html, -1)
	for i, l := range locs {
		end := len(html)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		} else if j := strings.Index(html[l[1]:], "</section>"); j >= 0 {
			end = l[1] + j
		}
		body := html[l[1]:end]
		d.classes = append(d.classes, classDOM{key: htmlpkg.UnescapeString(html[l[2]:l[3]]), count: atoi(t, html[l[4]:l[5]]),
			sides: svgSides(body), members: strings.Count(body, `<li class="member"`)})
	}
	m := reNFail.FindStringSubmatch(html)
	if m == nil {
		t.Fatal("no failures section")
	}
	d.nFailures = atoi(t, m[1])
	if m := reMore.FindStringSubmatch(html); m != nil {
		d.more = atoi(t, m[1])
	}
	return d
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// jsonReport is the part of the JSON report (report.WriteJSON)
// that the page must agree with.
type jsonReport struct {
	Totals   map[string]int            `json:"totals"`
	ByClause map[string]map[string]int `json:"byClause"`
	Cases    []struct {
		ID      string `json:"id"`
		Verdict string `json:"verdict"`
	} `json:"cases"`
	Classes []struct {
		Key     string   `json:"key"`
		Count   int      `json:"count"`
		Members []string `json:"members"`
	} `json:"classes"`
}

func jsonOf(t *testing.T, rep *conform.Report) *jsonReport {
	t.Helper()
	var b bytes.Buffer
	if err := report.WriteJSON(&b, rep); err != nil {
		t.Fatal(err)
	}
	return decodeJSON(t, b.Bytes())
}

func decodeJSON(t *testing.T, data []byte) *jsonReport {
	t.Helper()
	var jr jsonReport
	if err := json.Unmarshal(data, &jr); err != nil {
		t.Fatal(err)
	}
	return &jr
}

// checkAgainstReport asserts that the page shows the JSON report's
// numbers: every total, every count per clause (and no other clause), one
// section per failure up to the cap, in run order, with the right number
// of others noted, and exactly two diagrams in each section, the spec's
// then the implementation's.
func checkAgainstReport(t *testing.T, d *pageDOM, jr *jsonReport, maxFailures int) {
	t.Helper()
	if got, want := d.totals["cases"], len(jr.Cases); got != want {
		t.Errorf("page shows %d cases, JSON has %d", got, want)
	}
	for _, k := range Kinds {
		if got, want := d.totals[k], jr.Totals[k]; got != want {
			t.Errorf("total %s: page shows %d, JSON has %d", k, got, want)
		}
	}
	if len(d.counts) != len(jr.ByClause) {
		t.Errorf("page shows %d clauses, JSON has %d", len(d.counts), len(jr.ByClause))
	}
	for clause, want := range jr.ByClause {
		got, ok := d.counts[clause]
		if !ok {
			t.Errorf("clause %s: not on the page", clause)
			continue
		}
		for _, k := range Kinds {
			if got[k] != want[k] {
				t.Errorf("clause %s, %s: page shows %d, JSON has %d", clause, k, got[k], want[k])
			}
		}
		if len(got) != len(Kinds) {
			t.Errorf("clause %s: page shows %d counts, want one per kind (%d)", clause, len(got), len(Kinds))
		}
	}
	var failing []string
	for _, c := range jr.Cases {
		if c.Verdict != "pass" && c.Verdict != "unsupported" {
			failing = append(failing, c.ID)
		}
	}
	if d.nFailures != len(failing) {
		t.Errorf("page counts %d failures, JSON has %d", d.nFailures, len(failing))
	}
	shown := min(len(failing), maxFailures)
	if len(d.failures) != shown {
		t.Fatalf("page has %d failure sections, want %d (of %d failures, cap %d)", len(d.failures), shown, len(failing), maxFailures)
	}
	if d.more != len(failing)-shown {
		t.Errorf("page notes %d more failures, want %d", d.more, len(failing)-shown)
	}
	// The classes: as many as the JSON report has, in its order, their
	// counts summing to the failures (verdict fail), each with its
	// smallest case drawn like a failure and its members listed.
	if len(d.classes) != len(jr.Classes) {
		t.Errorf("page shows %d classes, JSON has %d", len(d.classes), len(jr.Classes))
	}
	sum := 0
	for i, c := range d.classes {
		sum += c.count
		if i < len(jr.Classes) && (c.key != jr.Classes[i].Key || c.count != jr.Classes[i].Count) {
			t.Errorf("class %d: page shows %s (%d), JSON has %s (%d)", i+1, c.key, c.count, jr.Classes[i].Key, jr.Classes[i].Count)
		}
		if c.members != c.count {
			t.Errorf("class %s: %d members listed, count %d", c.key, c.members, c.count)
		}
		if len(c.sides) != 2 || c.sides[0] != "spec" || c.sides[1] != "implementation" {
			t.Errorf("class %s: diagrams %v, want exactly [spec implementation]", c.key, c.sides)
		}
	}
	if sum != jr.Totals["fail"] {
		t.Errorf("the page's classes hold %d failures, JSON has %d", sum, jr.Totals["fail"])
	}
	for i, f := range d.failures {
		if f.id != failing[i] {
			t.Errorf("failure section %d is %s, want %s", i+1, f.id, failing[i])
		}
		if len(f.sides) != 2 || f.sides[0] != "spec" || f.sides[1] != "implementation" {
			t.Errorf("failure %s: diagrams %v, want exactly [spec implementation]", f.id, f.sides)
		}
	}
}
