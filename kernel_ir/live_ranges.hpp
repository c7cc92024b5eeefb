#pragma once
// Live-range splitting at the kernel's top level. A local reused for two
// unrelated values (`for (i = tid; ...) ...; for (i = N; i > 0; ...)`) gets
// one name per value: the uniformity analysis is flow-insensitive (a
// variable gets the worst level of all its assignments), and would make the
// second, uniform loop's counter per-thread, its barriers divergent.
//
// A top-level statement that assigns v without reading v (`v = E`, or a
// loop whose init starts v over like that) ends v's previous value: nothing
// after it can read that value, at the top level nothing runs twice, so
// renaming v from there on to the end of the kernel (until the next such
// assignment) is the same program. Nested statements are left alone: in a
// loop, code before the assignment reads the value of the previous
// iteration.
#include <functional>
#include <string>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

// The kernel with its reused locals split; new names are `v#r<n>` (locals
// of the same type). Parameters and builtins are never renamed. Taken by
// value: a caller done with `k` moves it in, and its statements are moved.
Kernel split_live_ranges(Kernel k);

// The name a user wrote for a variable split_live_ranges renamed (`i#r2` is
// `i`), for what reports show.
std::string written_name(const std::string& v);

// The block with every mention of a variable (read or assigned) renamed by f.
Block rename_variables(const Block& b, const std::function<std::string(const std::string&)>& f);

}  // namespace racecert::kir
