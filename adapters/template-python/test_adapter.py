"""Hand-checked cases for adapter.py. Run: python3 -m unittest test_adapter
(from this directory) or python3 adapters/template-python/test_adapter.py.

Every expectation below is derived by hand from the spec clause in its
comment, not from any program's output.
"""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import adapter  # noqa: E402


def empty(width, height, square, piece="X"):
    """Placement text of a board holding only piece on square."""
    file, rank = adapter.parse_square(square)
    rows = []
    for r in range(height - 1, -1, -1):
        if r != rank:
            rows.append(str(width))
            continue
        left, right = file, width - file - 1
        rows.append((str(left) if left else "") + piece + (str(right) if right else ""))
    return "/".join(rows)


def moves(notation, square="d4", board="8x8", position=None, piece="X", bugs=()):
    """The destinations the adapter gives, as a set of (square, capture),
    with the planted bugs named in bugs."""
    width, height = (int(n) for n in board.split("x"))
    request = {"dialect": "betza-classic", "notation": notation, "board": board,
               "position": position or empty(width, height, square, piece),
               "from": square}
    return {(o["to"], o["capture"]) for o in adapter.answer_moves(request, bugs)}


def quiet(*squares):
    """Moves to empty squares (no capture)."""
    return {(s, False) for s in squares}


class Generator(unittest.TestCase):
    def test_knight(self):
        # §1.1: N is the leap (1,2) and its 8 images; from d4 all 8 are on 8x8.
        self.assertEqual(moves("N"), quiet("b3", "b5", "c2", "c6", "e2", "e6", "f3", "f5"))

    def test_forward_wazir_by_colour(self):
        # §2.2: fW is (0,+1) for white; §2.1: black's forward is (0,-1).
        self.assertEqual(moves("fW"), quiet("d5"))
        self.assertEqual(moves("fW", piece="x"), quiet("d3"))

    def test_doubled_direction_letter(self):
        # §C5.5 xboard: a letter written twice is that letter once, so ffrrN
        # is fN (c6 e6) and rN (f5 f3), not Betza 2.0's run; llvF is lF and
        # vF, all four diagonals.
        self.assertEqual(moves("ffrrN"), quiet("c6", "e6", "f5", "f3"))
        self.assertEqual(moves("llvF"), moves("F"))

    def test_range_on_an_edge(self):
        # §B5.1: W3 is at most three wazir steps. From a4: up a5 a6 a7, down
        # a3 a2 a1, right b4 c4 d4; left is off the board.
        self.assertEqual(moves("W3", "a4"),
                         quiet("a5", "a6", "a7", "a3", "a2", "a1", "b4", "c4", "d4"))

    def test_multi_digit_range(self):
        # §C2.3, xboard reads every digit: W12 from a1 on 16x16 reaches a2..a13
        # and b1..m1, 12 squares each way.
        want = quiet(*["a%d" % r for r in range(2, 14)], *[f + "1" for f in "bcdefghijklm"])
        self.assertEqual(moves("W12", "a1", "16x16"), want)

    def test_nightrider(self):
        # §C2.2: NN rides the knight straight on. From a1: (1,2) gives b3 c5 d7,
        # (2,1) gives c2 e3 g4; the other six leaps leave the board at once.
        self.assertEqual(moves("NN", "a1"), quiet("b3", "c5", "d7", "c2", "e3", "g4"))

    def test_range_zero_is_no_limit(self):
        # §C5.1 xboard: a 0 range is no limit, so N0 is NN and W0 is R
        # (d4: 3 down, 4 up, 3 left, 4 right = 14).
        self.assertEqual(moves("N0", "a1"), moves("NN", "a1"))
        self.assertEqual(len(moves("W0")), 14)
        self.assertEqual(moves("W0"), moves("R"))

    def test_range_on_a_rider(self):
        # §B5.1: the range overrides R's own: R3 from a1 is a2 a3 a4 b1 c1 d1.
        self.assertEqual(moves("R3", "a1"), quiet("a2", "a3", "a4", "b1", "c1", "d1"))

    def test_oblique_wide_forward(self):
        # §2.4: fsN is fl fr = (-2,+1) (+2,+1): b5 and f5 from d4; for black
        # the frame turns half a circle: (+2,-1) (-2,-1), f3 and b3.
        self.assertEqual(moves("fsN"), quiet("b5", "f5"))
        self.assertEqual(moves("fsN", piece="x"), quiet("b3", "f3"))

    def test_oblique_one_letter(self):
        # §2.4: one letter names the moves whose larger component points that
        # way: fN = lf rf = (-1,+2) (+1,+2), c6 e6; vN adds lb rb, c2 e2;
        # lN = fl bl = (-2,+1) (-2,-1), b5 b3.
        self.assertEqual(moves("fN"), quiet("c6", "e6"))
        self.assertEqual(moves("vN"), quiet("c6", "e6", "c2", "e2"))
        self.assertEqual(moves("lN"), quiet("b5", "b3"))

    def test_oblique_single_names(self):
        # §2.4: rf = (+1,+2) is e6; fl = (-2,+1) is b5, different from lf.
        self.assertEqual(moves("rfN"), quiet("e6"))
        self.assertEqual(moves("flN"), quiet("b5"))
        self.assertEqual(moves("lfN"), quiet("c6"))

    def test_direction_letters_skip_modes(self):
        # §2.6: fmlN has the direction letters fl, read as the one name fl.
        self.assertEqual(moves("fmlN"), quiet("b5"))

    def test_directions_on_orthogonal_and_diagonal(self):
        # §2.2: frW is the corner, f and r: d5 e4. §2.3: lfF = flF, c5 only;
        # vF and sF are all four diagonals, so vsF is F.
        self.assertEqual(moves("frW"), quiet("d5", "e4"))
        self.assertEqual(moves("lfF"), quiet("c5"))
        self.assertEqual(moves("vsF"), quiet("c5", "e5", "c3", "e3"))
        self.assertEqual(moves("fsW"), quiet("d5", "c4", "e4"))

    def test_king_and_queen_table(self):
        # §C5.4 xboard reads K and Q in the compound table of §2.5:
        # fK = f = d5; fsK = fl fr = c5 e5; vK = f b = d5 d3;
        # lvQ = the fl and bl rides: c5 b6 a7 and c3 b2 a1;
        # sQ = the l and r rides: c4 b4 a4 and e4 f4 g4 h4.
        self.assertEqual(moves("fK"), quiet("d5"))
        self.assertEqual(moves("fsK"), quiet("c5", "e5"))
        self.assertEqual(moves("vK"), quiet("d5", "d3"))
        self.assertEqual(moves("lvQ"), quiet("c5", "b6", "a7", "c3", "b2", "a1"))
        self.assertEqual(moves("sQ"), quiet("c4", "b4", "a4", "e4", "f4", "g4", "h4"))

    def test_union_and_modes(self):
        # §C1.1, §3.1, §3.2: fmWfcF moves one step forward and captures one
        # step diagonally forward. An enemy on e5: d5 a move, e5 a capture,
        # c5 empty so not a capture square.
        position = "8/8/8/4p3/3P4/8/8/8"
        self.assertEqual(moves("fmWfcF", position=position), {("d5", False), ("e5", True)})
        # §1.2: a rider stops at the first piece: R from d4 with a friend on
        # d6 and an enemy on f4 has d5, not d6..d8, and captures on f4.
        position = "8/8/3P4/8/3P1p2/8/8/8"
        got = moves("R", position=position)
        self.assertIn(("d5", False), got)
        self.assertNotIn(("d6", False), got)
        self.assertIn(("f4", True), got)
        self.assertNotIn(("g4", False), got)


class PlantedBugs(unittest.TestCase):
    """Each planted bug (README.md, "Planted bugs") against the clean reading
    on a small position; both answers derived by hand."""

    def test_j_as_ad(self):
        # Clean: J is not read (unsupported); profile xboard makes it the camel
        # C (§C5.2): c1 e1 c7 e7 a3 a5 g3 g5 from d4.
        # Bug: J is A (b2 f2 b6 f6) and D (d2 d6 b4 f4) together.
        with self.assertRaises(adapter.Unsupported):
            moves("J")
        self.assertEqual(moves("J", bugs=("j-as-ad",)),
                         quiet("b2", "f2", "b6", "f6", "d2", "d6", "b4", "f4"))
        # The modifiers go to both: fJ is fA (b6 f6) and fD (d6).
        self.assertEqual(moves("fJ", bugs=("j-as-ad",)), quiet("b6", "f6", "d6"))

    def test_range_jumps(self):
        # A friend on a2, an enemy on c1, the mover on a1.
        # Clean (§B5.1, §1.2): W3 up stops at the friend on a2: nothing; right
        # b1, then takes c1 and stops. Bug: up a3 a4 past the friend; right
        # b1, takes c1, goes on to d1.
        position = "8/8/8/8/8/8/P7/X1p5"
        self.assertEqual(moves("W3", "a1", position=position), {("b1", False), ("c1", True)})
        self.assertEqual(moves("W3", "a1", position=position, bugs=("range-jumps",)),
                         {("a3", False), ("a4", False), ("b1", False), ("c1", True),
                          ("d1", False)})
        # No range of 2 or more: R (no range) and W0 (0) stay clean.
        for notation in ("R", "W0"):
            self.assertEqual(moves(notation, "a1", position=position, bugs=("range-jumps",)),
                             {("b1", False), ("c1", True)}, notation)

    def test_leap_blocked(self):
        # A friend on a2, an enemy on f1, the mover on a1.
        # Clean (§1.1, §1.2): DD lands on a3 a5 a7 and c1 e1 g1; a2 and f1 are
        # leapt over, never landed on. Bug: a2 blocks the whole ride up; right
        # c1 e1, and the leap e1-g1 crosses f1, which blocks it.
        position = "8/8/8/8/8/8/P7/X4p2"
        self.assertEqual(moves("DD", "a1", position=position),
                         quiet("a3", "a5", "a7", "c1", "e1", "g1"))
        self.assertEqual(moves("DD", "a1", position=position, bugs=("leap-blocked",)),
                         quiet("c1", "e1"))
        # A single leap is no ride: D is a3 c1 either way.
        self.assertEqual(moves("D", "a1", position=position, bugs=("leap-blocked",)),
                         quiet("a3", "c1"))

    def test_nrider_passes(self):
        # An enemy on b3, a friend on c2, the mover on a1.
        # Clean (§C2.2, §1.2): NN takes b3 and stops; c2 stops the other line:
        # only xb3. Bug: takes b3 and goes on to c5 d7; past c2 to e3 g4.
        position = "8/8/8/8/8/1p6/2P5/X7"
        self.assertEqual(moves("NN", "a1", position=position), {("b3", True)})
        self.assertEqual(moves("NN", "a1", position=position, bugs=("nrider-passes",)),
                         {("b3", True), ("c5", False), ("d7", False), ("e3", False),
                          ("g4", False)})

    def test_fixed_order(self):
        # Clean (§2.6, §2.4): lfN is the single name lf, (-1,+2): c6; rbN is rb,
        # (+1,-2): e2. Bug: read as flN, (-2,+1): b5, and brN, (+2,-1): f3.
        self.assertEqual(moves("lfN"), quiet("c6"))
        self.assertEqual(moves("lfN", bugs=("fixed-order",)), quiet("b5"))
        self.assertEqual(moves("rbN"), quiet("e2"))
        self.assertEqual(moves("rbN", bugs=("fixed-order",)), quiet("f3"))
        # Clean (§2.6, §2.5): sf is no pair, so sfK is s (c4 e4) and f (d5).
        # Bug: fsK, the forward diagonals c5 e5.
        self.assertEqual(moves("sfK"), quiet("c4", "e4", "d5"))
        self.assertEqual(moves("sfK", bugs=("fixed-order",)), quiet("c5", "e5"))
        # The modes keep their meaning: clfN captures on lf (c6) only, the bug
        # on fl (b5) only, with enemies on both.
        position = "8/8/2p5/1p6/3X4/8/8/8"
        self.assertEqual(moves("clfN", position=position), {("c6", True)})
        self.assertEqual(moves("clfN", position=position, bugs=("fixed-order",)),
                         {("b5", True)})


class Protocol(unittest.TestCase):
    def run_adapter(self, args, *requests):
        """Runs adapter.py with args as a process on the requests."""
        text = "".join(json.dumps(r) + "\n" for r in requests)
        return subprocess.run([sys.executable, os.path.join(HERE, "adapter.py"), *args],
                              input=text, capture_output=True, text=True, timeout=60)

    def exchange(self, *requests, args=()):
        """Runs adapter.py as a process and returns its reply lines, parsed."""
        done = self.run_adapter(args, *requests)
        self.assertEqual(done.returncode, 0, done.stderr)
        return [json.loads(line) for line in done.stdout.splitlines()]

    def test_hello_with_bugs(self):
        # Bugs planted: other pieces on the board, the bugs in the name (in the
        # order of adapter.BUGS), J read when j-as-ad is planted.
        hello = self.exchange({"id": 0, "op": "hello", "protocol": 2},
                              args=("--bugs", "fixed-order,j-as-ad"))[0]
        self.assertEqual(hello["name"], "template-python+j-as-ad+fixed-order")
        self.assertIs(hello["occupied"], True)
        self.assertIn("J", hello["characters"])
        hello = self.exchange({"id": 0, "op": "hello", "protocol": 2},
                              args=("--bugs", "all"))[0]
        self.assertEqual(hello["name"], "template-python+" + "+".join(adapter.BUGS))
        # An empty list plants nothing: the hello is the clean one.
        hello = self.exchange({"id": 0, "op": "hello", "protocol": 2}, args=("--bugs", ""))[0]
        self.assertEqual((hello["name"], hello["occupied"]), ("template-python", False))
        self.assertNotIn("J", hello["characters"])

    def test_unknown_bug(self):
        # An unknown name: a message on stderr and status 2, before any reply.
        for args in (("--bugs", "j-as-ad,nosuch"), ("--bugs",), ("--verbose",)):
            done = self.run_adapter(args, {"id": 0, "op": "hello", "protocol": 2})
            self.assertEqual(done.returncode, 2, args)
            self.assertEqual(done.stdout, "", args)
            self.assertIn("adapter.py:", done.stderr)
        self.assertIn("unknown bug 'nosuch'", self.run_adapter(("--bugs", "nosuch")).stderr)

    def test_session(self):
        replies = self.exchange(
            {"id": 0, "op": "hello", "protocol": 2},
            {"id": 1, "op": "moves", "dialect": "betza-classic", "notation": "pR",
             "board": "8x8", "position": "8/8/8/8/3X4/8/8/8", "from": "d4"},
            {"id": 2, "op": "moves", "dialect": "betza-classic", "notation": "fW",
             "board": "8x8", "position": "8/8/8/8/3X*4/8/8/8", "from": "d4"},
            {"id": 3, "op": "bye"},
            {"id": 4, "op": "moves"},  # after bye: never answered
        )
        self.assertEqual([r["id"] for r in replies], [0, 1, 2])
        hello = replies[0]
        self.assertEqual((hello["protocol"], hello["dialects"], hello["occupied"],
                          hello["validates"]), (2, ["betza-classic"], False, False))
        self.assertEqual(replies[1]["error"]["kind"], "unsupported")
        self.assertIn("p (hopper)", replies[1]["error"]["message"])
        self.assertEqual(replies[2]["outcomes"], [{"to": "d5", "capture": False}])

    def test_never_syntax(self):
        # Not validating: a text it cannot read is unsupported, never syntax.
        for notation in ("f", "3W", "", "Wx"):
            reply = adapter.handle({"id": 1, "op": "moves", "dialect": "betza-classic",
                                    "notation": notation, "board": "8x8",
                                    "position": "8/8/8/8/3X4/8/8/8", "from": "d4"})
            self.assertNotEqual(reply.get("error", {}).get("kind"), "syntax", notation)

    def test_malformed_request_is_internal(self):
        reply = adapter.handle({"id": 5, "op": "moves", "dialect": "betza-classic",
                                "notation": "W", "board": "8x8", "position": "8/8",
                                "from": "d4"})
        self.assertEqual(reply["error"]["kind"], "internal")


if __name__ == "__main__":
    unittest.main()
