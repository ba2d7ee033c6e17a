// cpp_play: libcity from C++. The C header is included as is (it carries
// its own extern "C"); handles are owned by std::unique_ptr with a custom
// deleter, so every exit path frees them; failed calls become exceptions.
//
//   cpp_play [SEED] [GAME]      GAME: the-city (default) or carcassonne
#include <city/city.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

// RAII ownership of the opaque handles: the deleter is the library's free
// function (which accepts NULL).
struct GameDeleter {
	void operator()(city_game *g) const noexcept { city_game_free(g); }
};
struct OptionsDeleter {
	void operator()(city_options *o) const noexcept { city_options_free(o); }
};
using GamePtr = std::unique_ptr<city_game, GameDeleter>;
using OptionsPtr = std::unique_ptr<city_options, OptionsDeleter>;

struct CityError : std::runtime_error {
	int status;
	CityError(int rc, const std::string &what)
	    : std::runtime_error(std::string(city_status_str(rc)) + ": " + what),
	      status(rc)
	{
	}
};

void check(int rc, const std::string &what)
{
	if (rc != CITY_OK)
		throw CityError(rc, what);
}

// A game made through the options builder; the options die at scope end.
GamePtr new_game(int players, std::uint64_t seed, const std::string &name)
{
	city_options *raw = nullptr;
	check(city_options_new(&raw), "city_options_new");
	OptionsPtr opts(raw);
	check(city_options_parse_game(opts.get(), name.c_str()), "game " + name);
	check(city_options_set_players(opts.get(), players), "players");
	check(city_options_set_seed(opts.get(), seed), "seed");
	// each game has its own rules (docs/rules.md, docs/carcassonne.md)
	check(city_options_parse_rule(opts.get(), name == "carcassonne"
	                                              ? "farmers=yes"
	                                              : "end_gap=3"),
	      "rule");
	city_game *g = nullptr;
	check(city_game_new(&g, opts.get()), "city_game_new");
	return GamePtr(g);
}

std::vector<city_move> legal_moves(const city_game *g)
{
	std::size_t count = 0;
	check(city_legal_moves(g, nullptr, 0, &count), "city_legal_moves");
	std::vector<city_move> moves(count);
	check(city_legal_moves(g, moves.data(), moves.size(), &count),
	      "city_legal_moves");
	moves.resize(count);
	return moves;
}

std::string to_string(const city_move &m)
{
	char buf[64];
	check(city_move_to_string(&m, buf, sizeof buf, nullptr), "move text");
	return buf;
}

} // namespace

int main(int argc, char **argv)
{
	std::uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
	std::string name = argc > 2 ? argv[2] : "the-city";
	try {
		bool carc = name == "carcassonne";
		GamePtr game = new_game(carc ? 5 : 2, seed, name);
		std::mt19937_64 rng(seed);
		int moves = 0;
		while (city_game_decision(game.get()) != CITY_DECISION_END) {
			std::vector<city_move> legal = legal_moves(game.get());
			if (legal.empty())
				throw std::logic_error("no legal move");
			// Prefer placing a follower over passing; otherwise random.
			const city_move *pick = &legal[rng() % legal.size()];
			for (const city_move &m : legal)
				if (m.kind == CITY_MOVE_FOLLOWER) {
					pick = &m;
					break;
				}
			int rc = city_apply_move(game.get(), pick);
			check(rc, to_string(*pick) + ": " +
			              city_game_last_error(game.get()));
			++moves;
		}
		// A clone is a second owner-managed handle of the same game.
		city_game *raw = nullptr;
		check(city_game_clone(&raw, game.get()), "city_game_clone");
		GamePtr copy(raw);
		check(city_score_final(game.get()), "city_score_final");
		check(city_score_final(copy.get()), "city_score_final");

		unsigned winners = 0;
		check(city_game_winners(game.get(), &winners), "winners");
		std::cout << "C++ game of " << name << ", seed " << seed << ", "
		          << moves << " moves\n";
		for (int p = 0; p < city_game_players(game.get()); ++p) {
			int score = city_game_score(game.get(), p);
			if (score != city_game_score(copy.get(), p))
				throw std::logic_error("the clone scored differently");
			std::cout << "player " << p << ": " << score
			          << ((winners >> p) & 1u ? " (winner)" : "");
			// the breakdown by the game's own categories
			int first = carc ? CITY_CAT_ROADS : CITY_CAT_STREETS;
			int last = carc ? CITY_CAT_RANSOM : CITY_CAT_GUARDS;
			int sum = 0;
			for (int c = first; c <= last; ++c)
				sum += city_game_score_detail(game.get(), p, c);
			if (sum != score)
				throw std::logic_error("the breakdown does not sum");
			std::cout << '\n';
		}
	} catch (const std::exception &e) {
		std::cerr << "cpp_play: " << e.what() << '\n';
		return 1;
	}
	return 0;
}
