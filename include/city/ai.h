/**
 * @file city/ai.h
 * @brief AI players: random, greedy and Monte Carlo tree search, for every
 *        game the library plays (docs/ai.md).
 *
 * An AI is an opaque object made with a kind (or a level) and a seed; it
 * answers the decision a game waits for with city_ai_choose() and explains
 * itself with city_ai_analyse(). It uses only the generic calls of the game
 * (city_legal_moves(), city_apply_move(), city_game_copy(),
 * city_score_final() and the queries), so a new game gets AIs without AI
 * changes.
 *
 * The AI never reads the real draw order: every search plays on copies of
 * the game whose undrawn tiles were reshuffled with the AI's own generator
 * (city_game_reshuffle()). With an iteration budget an AI is deterministic:
 * the same seed, parameters, game and sequence of calls give the same
 * moves on every platform and with any number of threads. A time budget
 * reads a monotonic clock (the only clock read in the library) and is not
 * deterministic.
 *
 * An AI object holds no global state and may be used from one thread at a
 * time, except for city_ai_cancel(), which any thread may call while a
 * search runs; different AI objects may be used from different threads at
 * once. The AI's copies of a game come from the game's allocator and are
 * freed before city_ai_choose() or city_ai_analyse() returns: an AI holds
 * no memory of a game between calls.
 *
 * Include `<city/city.h>` rather than this header directly.
 */
#ifndef CITY_AI_H
#define CITY_AI_H

#include "city/common.h"
#include "city/move.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup ai AI players
 * Random, greedy and Monte Carlo tree search players that answer any
 * decision of any game the library plays (docs/ai.md).
 * @{
 */
/** @brief An AI player. Opaque; see city_ai_new(). */
typedef struct city_ai city_ai;

/** AI kind: a legal move chosen uniformly at random. */
#define CITY_AI_RANDOM 0
/** AI kind: one ply; the move that maximises the deciding player's score
 *  minus the best opponent's, plus the potential of open features
 *  (docs/ai.md). */
#define CITY_AI_GREEDY 1
/** AI kind: information-set Monte Carlo tree search (docs/ai.md). */
#define CITY_AI_MCTS 2

/** Parameter: iterations (playouts) per decision, 0 = no limit (then a
 *  time budget must be set). Integer 0..100000000; default 2000. */
#define CITY_AI_ITERATIONS 1
/** Parameter: time per decision in milliseconds, 0 = no limit. Integer
 *  0..3600000; default 0. A time budget makes the AI non-deterministic.
 *  A search tests the clock every 8 moves it plays, so it returns within
 *  8 moves per thread after the budget (microseconds), whatever the
 *  trees, threads and playout (docs/ai.md, "Time budget and
 *  cancelling"). */
#define CITY_AI_TIME_MS 2
/** Parameter: threads that run the search trees, 1..64; default 1. The
 *  result does not depend on it. */
#define CITY_AI_THREADS 3
/** Parameter: exploration constant c of UCB1 (mean + c * sqrt(ln N / n)),
 *  0..100; default 0.7. */
#define CITY_AI_EXPLORATION 4
/** Parameter: independent search trees (root parallelism), 1..64;
 *  default 2. The iterations are split evenly between them and their root
 *  statistics summed in tree order, whatever the number of threads. */
#define CITY_AI_TREES 5
/** Parameter: weight 0..1 of the score margin in a playout's result; the
 *  rest is win (1) / tie (shared) / loss (0). Default 0 (docs/ai.md). */
#define CITY_AI_MARGIN 6
/** Parameter: greedy's potential, points per tile of an open feature the
 *  player leads on, 0..10; default 0.5 (docs/ai.md). */
#define CITY_AI_POTENTIAL 7

/** Parameter: the playout. k = 0..1000: k uniformly random moves (fewer
 *  if the game ends), then greedy's evaluation of the position squashed to
 *  0..1 (default 8); -1: random moves to the end of the game and its final
 *  result (docs/ai.md). */
#define CITY_AI_PLAYOUT 8

/**
 * @brief One move of an analysis, or one step of its principal line.
 *        Plain struct (48 bytes).
 */
typedef struct city_ai_stat {
	city_move move;  /**< The move. */
	int32_t player;  /**< The player who decides it. */
	int32_t design;  /**< In a principal line: the design id of the tile
	                      the line assumes was drawn before this tile move
	                      (a hidden draw), or -1; -1 in the move list. */
	uint32_t visits; /**< MCTS: playouts through the move (summed over the
	                      trees); greedy: 1; random: 1 for the chosen move,
	                      0 for the others. */
	uint32_t reserved; /**< Reserved, zero. */
	double mean;     /**< MCTS: mean result for `player`, 0..1 (docs/ai.md);
	                      greedy: the evaluation in points; random: 0. */
} city_ai_stat;

/**
 * @brief Create an AI of a kind with its default parameters.
 * @param[out] out receives the AI, owned by the caller (city_ai_free()).
 * @param[in] kind CITY_AI_RANDOM, CITY_AI_GREEDY or CITY_AI_MCTS.
 * @param[in] seed seed of the AI's own generator (splitmix64); any value.
 * @return CITY_OK, CITY_EINVAL (out NULL, unknown kind) or CITY_ENOMEM.
 */
CITY_EXPORT int city_ai_new(city_ai **out, int kind, uint64_t seed);
/**
 * @brief Create an AI from a named level: a preset of kind and parameters
 *        documented, with its measured strength, in docs/ai.md.
 * @param[out] out receives the AI, owned by the caller (city_ai_free()).
 * @param[in] level "easy", "medium" or "hard".
 * @param[in] seed seed of the AI's generator.
 * @return CITY_OK, CITY_EINVAL (NULL, unknown level) or CITY_ENOMEM.
 */
CITY_EXPORT int city_ai_new_level(city_ai **out, const char *level,
                                  uint64_t seed);
/**
 * @brief Free an AI and its search memory. NULL is a no-op.
 * @param[in] ai the AI (owned by the caller, released here).
 */
CITY_EXPORT void city_ai_free(city_ai *ai);
/**
 * @brief Set a parameter (see CITY_AI_ITERATIONS and the following
 *        constants). Integer parameters refuse fractions. Parameters a kind
 *        does not use are stored and ignored.
 * @param[in,out] ai the AI.
 * @param[in] param CITY_AI_*.
 * @param[in] value the value, in the parameter's range.
 * @return CITY_OK, or CITY_EINVAL (NULL, unknown parameter, value out of
 *         range or not finite, or both budgets 0); the AI is unchanged on
 *         error.
 */
CITY_EXPORT int city_ai_set_param(city_ai *ai, int param, double value);
/**
 * @brief Read a parameter.
 * @param[in] ai the AI.
 * @param[in] param CITY_AI_*.
 * @param[out] value receives the value.
 * @return CITY_OK or CITY_EINVAL.
 */
CITY_EXPORT int city_ai_get_param(const city_ai *ai, int param,
                                  double *value);
/**
 * @brief The AI's kind.
 * @param[in] ai the AI.
 * @return CITY_AI_* or CITY_EINVAL.
 */
CITY_EXPORT int city_ai_kind(const city_ai *ai);
/**
 * @brief Choose a move for the decision the game waits for.
 * @param[in,out] ai the AI (its generator advances).
 * @param[in] game the game (unchanged; its undrawn tiles are never read).
 * @param[out] out receives a legal move of the current decision.
 * @return CITY_OK, CITY_EINVAL (NULL), CITY_EENDED (the game has ended) or
 *         CITY_ENOMEM.
 */
CITY_EXPORT int city_ai_choose(city_ai *ai, const city_game *game,
                               city_move *out);
/**
 * @brief Analyse the current decision: every legal move with its visits
 *        and mean result, best first (the first is the move
 *        city_ai_choose() would choose from the same AI state), and the
 *        principal line: the best move and the most visited continuation
 *        of each step (MCTS only; other kinds give the best move alone).
 * @param[in,out] ai the AI (its generator advances as for a choice).
 * @param[in] game the game (unchanged).
 * @param[out] moves buffer of `capacity` entries (may be NULL when
 *             capacity is 0).
 * @param[in] capacity size of `moves`.
 * @param[out] count receives the number of legal moves (may be NULL).
 * @param[out] line buffer of `line_capacity` entries (may be NULL when
 *             line_capacity is 0).
 * @param[in] line_capacity size of `line`.
 * @param[out] line_count receives the number of line entries written (may
 *             be NULL).
 * @return CITY_OK, CITY_EINVAL, CITY_EENDED, CITY_ENOMEM, or CITY_ERANGE
 *         when `moves` is not NULL and `capacity` is below the number of
 *         legal moves (`moves` then holds the best `capacity` ones and the
 *         line is written).
 */
CITY_EXPORT int city_ai_analyse(city_ai *ai, const city_game *game,
                                city_ai_stat *moves, size_t capacity,
                                size_t *count, city_ai_stat *line,
                                size_t line_capacity, size_t *line_count);
/**
 * @brief Ask the search running on `ai` to stop; any thread may call it
 *        (docs/ai.md, "Time budget and cancelling").
 *
 * The city_ai_choose() or city_ai_analyse() under way on another thread
 * returns promptly (each search thread tests the request before every
 * move it plays) with CITY_OK and the answer of the playouts finished so
 * far: the most visited move, or the first legal move if none finished
 * (its analysis then shows 0 visits). Random and greedy AIs finish their
 * one ply. The only call that may run on an AI while another thread uses
 * it; never while it is being freed.
 *
 * The request lasts until the choice or analysis under way returns; one
 * made while no search runs stops the next one at its start. A search
 * that ends by a cancel is not deterministic.
 * @param[in,out] ai the AI (only an atomic flag is written).
 * @return CITY_OK or CITY_EINVAL (NULL).
 */
CITY_EXPORT int city_ai_cancel(city_ai *ai);
/**
 * @brief Determinisation: reshuffle the tiles not drawn yet with a seed,
 *        each stack's undrawn tiles within their stack. Placed, discarded
 *        and the current tile are unchanged, and the result depends only on
 *        the seed and on which tiles are undrawn in each stack, never on
 *        their order. The game's options take the new order as an explicit
 *        order, so its record replays the reshuffled game.
 * @param[in,out] game the game.
 * @param[in] seed any 64-bit value (splitmix64).
 * @return CITY_OK or CITY_EINVAL (NULL).
 */
CITY_EXPORT int city_game_reshuffle(city_game *game, uint64_t seed);
/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CITY_AI_H */
