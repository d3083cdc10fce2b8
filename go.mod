module betzacheck

go 1.26.8

require (
	github.com/google/go-cmp v0.7.0 // indirect
	golang.org/x/exp v0.0.0-20261113113407-e3970619a1a4 // indirect
)
