#pragma once
// Brute-force references for the termination oracle, written independently
// of progress/'s graph builder, monitors and decision procedures.
//
// cadp_terminates: the paper's own set-up transliterated. An LTS with
//   separate Step(tid, F), Terminate(tid) and exit actions (not folded as in
//   progress/), the LNT monitors of Figs. 4 and 13-16 run imperatively
//   (smallest/done loops and all), and the MCL formulas checked naively:
//   Listing 1 by a search over (state, threads stepped) for a closed walk in
//   which every thread of F steps; Listing 2 by a naive fixpoint.
// refinement_strong_terminates: strong fairness by its semantic definition
//   (a fair run's infinitely-visited states form a strongly connected set
//   that every fair step of those states stays in), decided by iterated SCC
//   refinement on progress/'s graph: a different algorithm from Lemma 9.2.
// validate_lasso: replays a witness with its own interpreter and monitors and
//   checks it is a real run whose cycle repeats forever fairly.
#include <string>

#include "progress/models.hpp"
#include "progress/oracle.hpp"

namespace racecert::progress::reference {

bool cadp_terminates(const Program& p, const ModelSpec& spec);
bool refinement_strong_terminates(const StateGraph& g, const std::vector<ThreadSet>& fair);
// Empty string when the lasso is valid; otherwise what is wrong.
std::string validate_lasso(const Program& p, const ModelSpec& spec, const Lasso& lasso);

}  // namespace racecert::progress::reference
