module betzacheck

go 1.26.8
