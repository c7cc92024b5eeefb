#pragma once
// Graphviz rendering of a state graph. With F per state, each step is
// labelled with the thread, instruction and F; with a witness, its prefix is
// drawn in blue and its cycle in red. Final states are double circles.
#include <string>
#include <vector>

#include "progress/state_graph.hpp"
#include "progress/witness.hpp"

namespace racecert::progress {

std::string to_dot(const StateGraph& g, const std::vector<ThreadSet>* fair = nullptr, const Lasso* witness = nullptr);

}  // namespace racecert::progress
