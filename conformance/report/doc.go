// Package report writes what a conformance run found (a conform.Report,
// with the causes and minimal cases package triage gave its failures): the
// text report, the JSON report (report.schema.json is its JSON Schema)
// and JUnit XML, and the expectation file of its divergences; it reads a
// JSON report back (ReadJSON) and merges the reports of the shards of one
// run (Merge). The HTML report is package htmlreport's.
//
// Its API is not stable: it serves betzacheck's commands and tests, and may
// change in any release (README.md, Stability).
package report
