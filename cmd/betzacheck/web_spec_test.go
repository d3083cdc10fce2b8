package main

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/betzacheck/betzacheck/spec"
)

// TestWebSpec: the playground serves every spec text with one anchor per
// clause, every link between its pages leads to an anchor that exists,
// and the page gets the map it links the clauses it cites by.
func TestWebSpec(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	cs, err := spec.Clauses()
	if err != nil {
		t.Fatal(err)
	}
	status, _, index := get(t, srv, "/spec/")
	if status != 200 {
		t.Fatalf("/spec/: status %d", status)
	}
	ids := regexp.MustCompile(` id="([^"]+)"`)
	hrefs := regexp.MustCompile(`<a class="clause" href="([^"#]*)#([^"]+)">`)
	anchors := map[string]map[string]bool{}
	bodies := map[string]string{}
	for _, c := range cs {
		if anchors[c.File] != nil {
			continue
		}
		if !strings.Contains(string(index), `href="`+c.File+`"`) {
			t.Errorf("/spec/ does not list %s", c.File)
		}
		status, _, body := get(t, srv, "/spec/"+c.File)
		if status != 200 {
			t.Fatalf("/spec/%s: status %d", c.File, status)
		}
		bodies[c.File] = string(body)
		anchors[c.File] = map[string]bool{}
		for _, m := range ids.FindAllStringSubmatch(string(body), -1) {
			anchors[c.File][m[1]] = true
		}
	}
	for _, c := range cs {
		if !anchors[c.File][spec.Anchor(c.ID)] {
			t.Errorf("/spec/%s has no anchor %s for %s", c.File, spec.Anchor(c.ID), c.ID)
		}
	}
	links := 0
	for file, body := range bodies {
		for _, m := range hrefs.FindAllStringSubmatch(body, -1) {
			links++
			target := file
			if m[1] != "" {
				target = m[1]
			}
			if !anchors[target][m[2]] {
				t.Errorf("/spec/%s links to %s#%s, which is no anchor", file, target, m[2])
			}
		}
	}
	if links < 1000 {
		t.Errorf("only %d clause links on the spec pages", links)
	}
	if status, _, body := get(t, srv, "/spec/nothing.md"); status != 404 || !strings.Contains(string(body), "betza2.md") {
		t.Errorf("/spec/nothing.md: status %d, %s", status, body)
	}

	// The playground page carries each clause's file.
	_, _, page := get(t, srv, "/")
	m := regexp.MustCompile(`<script type="application/json" id="clause-files">([^<]*)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("the playground page has no clause map")
	}
	var files map[string]string
	if err := json.Unmarshal(m[1], &files); err != nil || files["§3.8"] != "betza2.md" || files["P10.7"] != "protocol.md" || len(files) != len(cs) {
		t.Errorf("clause map: %d entries (%v), §3.8 in %q; want %d", len(files), err, files["§3.8"], len(cs))
	}
}

// TestWebBoard: /api/board draws the position alone; a bad one is
// answered located, as moves --json answers it.
func TestWebBoard(t *testing.T) {
	srv := newTestPlayground(t, webLimits{})
	q := url.Values{"board": {"5x5"}, "position": {"5/5/2p2/5/5"}, "from": {"a1"}}
	status, _, body := get(t, srv, "/api/board?"+q.Encode())
	if status != 200 || !strings.HasPrefix(string(body), "<svg") || !strings.Contains(string(body), `data-square="e5"`) {
		t.Errorf("/api/board: status %d, %.200s", status, body)
	}
	q.Set("position", "5/5/2q2/5/5/5")
	status, _, body = get(t, srv, "/api/board?"+q.Encode())
	if status != 400 || !strings.Contains(string(body), `"input": "--position"`) {
		t.Errorf("/api/board with 6 ranks on 5x5: status %d, %s", status, body)
	}
	if status, _, body := get(t, srv, "/api/board?from=a1&notation=W"); status != 400 || !strings.Contains(string(body), "unknown parameter") {
		t.Errorf("/api/board?notation=: status %d, %s", status, body)
	}
}
