#pragma once
// Reads the kernel IR's text form, as kir::print writes it (with or without
// source positions; docs/kernel-ir.md has the grammar). Test fixtures are
// written in it, so that inference and the executor can be tested without
// Clang.
#include <string>
#include <vector>

#include "kernel_ir/kernel_ir.hpp"

namespace racecert::kir {

// Every kernel of `text`, in order. Throws racecert::Error
// ("file:line:col: error: message", exit code 2) on malformed text.
std::vector<Kernel> parse(const std::string& text, const std::string& filename);

// The one kernel of `text`; an error when there is not exactly one.
Kernel parse_kernel(const std::string& text, const std::string& filename);

}  // namespace racecert::kir
