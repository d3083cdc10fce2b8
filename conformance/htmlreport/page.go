package htmlreport

import (
	"html/template"
	"strings"
)

// page is the page's template. Its functions cite and cited are given
// their citer's for each page written (see Write); those here only let it
// parse.
var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"upper": strings.ToUpper,
	"zero":  func(n int) bool { return n == 0 },
	"cite":  func(s string) template.HTML { return template.HTML(template.HTMLEscapeString(s)) },
	"cited": func() []citedClause { return nil },
}).Parse(pageHTML + sidesHTML))

// sidesHTML draws a case's two answers side by side, then their diff: a
// failure's, and a divergence class's smallest case.
const sidesHTML = `{{define "sides"}}<div class="sides">
{{- range .Sides}}
<figure class="side" data-side="{{.Side}}">
<figcaption>{{.Caption}}</figcaption>
{{.SVG}}
{{- range .Notes}}
<p class="note">{{.}}</p>
{{- end}}
</figure>
{{- end}}
</div>
{{- if .Diff}}
<pre class="diff">{{.Diff}}</pre>
{{- end}}{{end}}`

// pageHTML is the page. Every number a reader (or a test) may want sits in
// an element with a class and data attributes naming it.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>betzacheck conform: {{.Impl.Name}} {{.Impl.Version}}</title>
<style>
{{.CSS}}</style>
</head>
<body>
<header>
<h1>betzacheck conform: <span id="impl-name">{{.Impl.Name}}</span> <span id="impl-version">{{.Impl.Version}}</span></h1>
<dl class="run">
<dt>Level compared</dt><dd id="level">{{.Level}}</dd>
<dt>Implementation declares</dt><dd id="impl-declares">level {{.Impl.Level}}, dialects {{.Dialects}}{{if .Impl.MaxBoard}}, boards up to {{.Impl.MaxBoard}}{{end}}</dd>
<dt>Command</dt><dd><code id="command">{{.Command}}</code></dd>
</dl>
<p id="result" class="result {{.Verdict}}" data-failed="{{.Failed}}">{{upper .Verdict}}: <span id="summary">{{.Summary}}</span></p>
</header>

<main>
<section id="totals">
<h2>Totals</h2>
<table class="verdicts">
<thead><tr><th scope="col">cases</th>{{range .Kinds}}<th scope="col" class="{{.}}">{{.}}</th>{{end}}<th scope="col">unexpected</th></tr></thead>
<tbody><tr><td class="total" data-kind="cases">{{.Cases}}</td>{{range .Totals}}<td class="total {{.Kind}}{{if zero .N}} zero{{end}}" data-kind="{{.Kind}}">{{.N}}</td>{{end}}<td class="total{{if zero .Unexpected}} zero{{else}} fail{{end}}" data-kind="unexpected">{{.Unexpected}}</td></tr></tbody>
</table>
</section>

{{- if .Classes}}

<section id="classes" data-classes="{{len .Classes}}">
<h2>Divergence classes</h2>
<p class="hint">The failures (verdict fail) grouped by cause: the alternative reading that gives the implementation's answer exactly, or, for failures no reading explains, the structure of the minimal case each shrank to (the kind of divergence, atom classes, modalities, legs). Each class shows its cause, how often each classic profile agrees with its members, and its smallest minimal case; its members are folded. A generated member <code>gen/S/I</code> is replayed by <code class="replay-member">{{.ReplayMember}}</code> (the last case of that run); a corpus member by the run's command.</p>
{{- range .Classes}}
<details class="class" id="class-{{.N}}" data-class="{{.Key}}" data-count="{{.Count}}" open>
<summary><span class="count">{{.Count}}</span> <code class="class-key">{{.Key}}</code>: <code class="notation">{{.Smallest.Notation}}</code> on {{.Smallest.Board}} from {{.Smallest.From}}</summary>
{{- with .Cause}}
<p class="cause" data-clause="{{.Clause}}">{{cite .Says}} ({{cite .Clause}})</p>
{{- end}}
{{- if .Also}}
<p class="also">Also explained by: <code>{{.Also}}</code></p>
{{- end}}
{{- if .Profiles}}
<p class="profiles">Classic profiles agreeing with its members:{{range .Profiles}} <span class="profile" data-profile="{{.Profile}}" data-agree="{{.Agree}}" data-cases="{{.Cases}}">{{.Profile}} {{.Agree}}/{{.Cases}}</span>{{end}}</p>
{{- end}}
{{- with .Smallest}}
<dl class="case">
<dt>Smallest case</dt><dd><code class="notation">{{.Notation}}</code>{{if .Betza2}} <span class="betza2">(Betza 2.0: <code>{{.Betza2}}</code>)</span>{{end}}, shrunk from <code class="case-id">{{.ID}}</code></dd>
<dt>Position</dt><dd>board <code>{{.Board}}</code>, position <code>{{.Position}}</code>, from <code>{{.From}}</code></dd>
<dt>Reason</dt><dd class="reason">{{cite .Reason}}</dd>
</dl>
{{template "sides" .}}
{{- if .Replay}}
<p class="replay">Replay: <code>{{.Replay}}</code></p>
{{- end}}
{{- end}}
<details class="members" data-members="{{len .Members}}">
<summary>{{len .Members}} {{if eq (len .Members) 1}}member{{else}}members{{end}}</summary>
<ul>
{{- range .Members}}
<li class="member" data-case="{{.ID}}"><code class="case-id">{{.ID}}</code> <code class="notation">{{.Notation}}</code></li>
{{- end}}
</ul>
</details>
</details>
{{- end}}
{{- if .MoreClasses}}
<p class="more" data-more-classes="{{.MoreClasses}}">{{.MoreClasses}} more classes are not shown here; the JSON report (--json) lists every class.</p>
{{- end}}
</section>
{{- end}}

{{- with .Reference}}
<section id="reference" data-pass="{{.Pass}}" data-fail="{{.Fail}}">
<h2>The reference against the corpus</h2>
<p class="hint">Every corpus case also judges the reference by the case's hand-checked lines (want:, error:), whatever the implementation. A failure here is the reference's, not the implementation's, and fails the run.</p>
<p class="reference-totals"><span class="word pass">{{.Pass}} pass</span>, <span class="word{{if .Fail}} fail{{end}}">{{.Fail}} fail</span></p>
{{- range .Failures}}
<section class="reference-failure" data-case="{{.ID}}">
<h3><span class="word fail">REFERENCE FAIL</span> <code class="case-id">{{.ID}}</code> <code class="notation">{{.Notation}}</code></h3>
<p class="reason">{{cite .Reason}}</p>
{{- if .Diff}}
<pre class="diff">{{.Diff}}</pre>
{{- end}}
</section>
{{- end}}
</section>
{{- end}}

<section id="clauses">
<h2>Per clause</h2>
<table class="verdicts">
<thead><tr><th scope="col">clause</th>{{range .Kinds}}<th scope="col" class="{{.}}">{{.}}</th>{{end}}</tr></thead>
<tbody>
{{- range .Clauses}}
<tr class="clause" data-clause="{{.Clause}}"><th scope="row">{{cite .Clause}}</th>{{$c := .Clause}}{{range .Counts}}<td class="count {{.Kind}}{{if zero .N}} zero{{end}}" data-clause="{{$c}}" data-kind="{{.Kind}}">{{.N}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table>
</section>

<section id="failures" data-failures="{{.NFailures}}">
<h2>Failures ({{.NFailures}})</h2>
{{- if not .NFailures}}
<p class="none">No case failed.</p>
{{- else}}
<p class="hint">Every verdict but pass and unsupported, in run order. Each shows the spec's outcomes (a corpus case's hand-checked want: lines, else the reference's answer) beside the implementation's, both at level {{.Level}}.</p>
<ol class="index">
{{- range .Failures}}
<li><a href="#case-{{.N}}"><span class="word {{.Verdict}}">{{upper .Verdict}}</span> <code>{{.ID}}</code></a> <code>{{.Notation}}</code></li>
{{- end}}
</ol>
{{- if .More}}
<p class="more" data-more="{{.More}}">{{.MoreWords}} not shown here; the JSON report (--json) lists every case.</p>
{{- end}}
{{- end}}
{{range .Failures}}
<section class="failure{{if .Expected}} expected{{end}}" id="case-{{.N}}" data-case="{{.ID}}" data-verdict="{{.Verdict}}">
<h3><span class="word {{.Verdict}}">{{upper .Verdict}}</span>{{if .Expected}} <span class="badge">expected</span>{{end}} <code class="case-id">{{.ID}}</code></h3>
<dl class="case">
<dt>Notation</dt><dd><code class="notation">{{.Notation}}</code>{{if .Betza2}} <span class="betza2">(Betza 2.0: <code>{{.Betza2}}</code>)</span>{{end}}</dd>
<dt>Clauses</dt><dd>{{cite .Clauses}}</dd>
<dt>Position</dt><dd>board <code>{{.Board}}</code>, position <code>{{.Position}}</code>, from <code>{{.From}}</code></dd>
<dt>Reason</dt><dd class="reason">{{cite .Reason}}</dd>
{{- if .Minimal}}
<dt>Minimal case</dt><dd class="minimal">{{.Minimal}}; replay it alone: <code>{{.ReplayMinimal}}</code></dd>
{{- end}}
</dl>
{{template "sides" .}}
<p class="replay">Replay: <code>{{.Replay}}</code></p>
<p class="replay">The reference alone: <code>{{.ReplayMove}}</code></p>
</section>
{{end}}
</section>
{{- if .Stale}}

<section id="stale" data-stale="{{len .Stale}}">
<h2>Stale expectations ({{len .Stale}})</h2>
<ul>
{{- range .Stale}}
<li class="stale">{{.}}</li>
{{- end}}
</ul>
</section>
{{- end}}
{{- if .Unsolicited}}

<section id="unsolicited" data-unsolicited="{{.Unsolicited}}">
<h2>Unsolicited output ({{.Unsolicited}} lines)</h2>
<p class="hint">Lines that answered no pending request: a duplicate or second reply, or output after the last reply (spec/protocol.md P6.8). They are charged to no case.</p>
<ul>
{{- range .UnsolicitedNotes}}
<li class="unsolicited"><code>{{.}}</code></li>
{{- end}}
{{- if .UnsolicitedMore}}
<li class="more">and {{.UnsolicitedMore}} more</li>
{{- end}}
</ul>
</section>
{{- end}}
{{- with cited}}

<section id="clauses-cited" data-clauses="{{len .}}">
<h2>Clauses cited</h2>
<p class="hint">The first paragraph of each clause this page cites, from the spec betzacheck implements: the rest of a clause (its decisions and examples) is in the file named, and on the pages of <code>betzacheck web</code> at <code>/spec/FILE#ANCHOR</code>.</p>
<dl class="clauses-cited">
{{- range .}}
<dt id="{{.Anchor}}"><a class="clause" href="#{{.Anchor}}">{{.ID}}</a>{{if .Title}} {{.Title}}{{end}} <span class="where">spec/{{.File}}:{{.Line}}</span></dt>
<dd>{{.Text}}</dd>
{{- end}}
</dl>
</section>
{{- end}}
</main>
<footer>Written by betzacheck conform --html: one file, no script, no external resource.</footer>
</body>
</html>
`
