package lint

import "slices"

// BuiltinVariants are the variants Fairy-Stockfish defines itself, which
// a section may name as its parent with nothing to inherit from the file
// and may not define again (§L2.2): the union of those its source adds at
// startup across its releases (src/variant.cpp, VariantMap::init), those
// of large boards and of all variants included.
var BuiltinVariants = []string{
	"chess", "normal", "fischerandom", "nocastle", "armageddon", "torpedo",
	"berolina", "pawnsideways", "pawnback", "legan", "fairy", "makruk",
	"makpong", "cambodian", "karouk", "asean", "ai-wok", "shatranj",
	"chaturanga", "amazon", "nightrider", "grasshopper", "hoppelpoppel",
	"newzealand", "kingofthehill", "racingkings", "knightmate", "losers",
	"giveaway", "antichess", "suicide", "codrus", "extinction", "kinglet",
	"threekings", "horde", "petrified", "nocheckatomic", "atomic", "atomar",
	"isolation", "isolation7x7", "snailtrail", "fox-and-hounds", "duck",
	"joust", "3check", "5check", "crazyhouse", "loop", "chessgi",
	"bughouse", "koedem", "pocketknight", "placement", "sittuyin",
	"seirawan", "musketeer", "shouse", "dragon", "paradigm", "minishogi",
	"mini", "kyotoshogi", "micro", "dobutsu", "gorogoro", "judkins",
	"torishogi", "euroshogi", "losalamos", "gardner", "almost",
	"sortofalmost", "chigorin", "perfect", "spartan", "shatar", "coregal",
	"clobber", "breakthrough", "ataxx", "flipersi", "flipello",
	"minixiangqi", "raazuvaa", "shogi", "shoshogi", "yarishogi",
	"okisakishogi", "capablanca", "capahouse", "caparandom", "gothic",
	"janus", "modern", "chancellor", "embassy", "centaur", "gustav3",
	"jesonmor", "courier", "grand", "opulent", "tencubed", "omicron",
	"troitzky", "wolf", "shako", "clobber10", "flipello10", "amazons",
	"xiangqi", "manchu", "supply", "janggi", "janggitraditional",
	"janggimodern", "janggicasual",
}

// builtin reports whether name is one of BuiltinVariants.
func builtin(name string) bool { return slices.Contains(BuiltinVariants, name) }
