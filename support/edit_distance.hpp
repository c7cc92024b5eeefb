#pragma once
// The edit distance behind "did you mean '--block-dim'?" (cli/parse_command_line).
#include <cstddef>
#include <string_view>

namespace racecert {

// Optimal string alignment distance: the fewest inserts, deletes,
// substitutions and swaps of two neighbouring characters (the commonest
// typo, "--blokc-dim") from a to b, no substring edited twice.
std::size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace racecert
