package main

import (
	"cmp"
	"fmt"
	"runtime/debug"

	"github.com/betzacheck/betzacheck/conformance/wire"
)

// version is the program's version as set at link time
// (go build -ldflags "-X main.version=v1.2.3"), for a build that no
// module version stamps; "" takes it from the build info (moduleVersion).
var version string

// specVersion is the version of the notation the spec defines; the
// protocol version spoken is wire.Version (spec/protocol.md).
const specVersion = "Betza 2.0"

// moduleVersion is the version the program reports: the link-time
// version when one was set, else the main module's version from the
// build info ("v1.2.3" after go install …@v1.2.3, a pseudo-version in a
// git checkout), else "(devel)".
func moduleVersion() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		return cmp.Or(info.Main.Version, "(devel)")
	}
	return "(devel)"
}

// versionLine is what version and --version print: the program's
// version, the spec's and the protocol's.
func versionLine() string {
	return fmt.Sprintf("betzacheck %s (spec %s, protocol %d)", moduleVersion(), specVersion, wire.Version)
}

func runVersion(c *command, e *env, args []string) int {
	if _, code, ok := c.parseArgs(e, c.flagSet(e), args, 0); !ok {
		return code
	}
	fmt.Fprintln(e.stdout, versionLine())
	return exitOK
}
