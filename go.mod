module github.com/betzacheck/betzacheck

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0
	github.com/leanovate/gopter v0.2.11
	github.com/rogpeppe/go-internal v1.16.0
	golang.org/x/exp v0.0.0-20261113113407-e3970619a1a4
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.52.1-0.20261106145633-d407941a339a // indirect
)
