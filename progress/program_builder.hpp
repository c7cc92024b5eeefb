#pragma once
// Internal: assembles a Program from the events of either grammar and checks
// what a context-free grammar cannot: thread ids and instruction labels in
// order, jump targets within the thread, limits. Errors carry the position
// of the offending token (byte offset into the input).
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "progress/program.hpp"
#include "support/diagnostic.hpp"

namespace racecert::progress::detail {

// The offset of the first character at or after `offset` that is neither
// blank nor inside a comment (an unterminated /* is not skipped).
std::size_t skip_blank(const std::string& text, std::size_t offset);

// 1-based line/column of a byte offset.
SourceLoc locate(const std::string& text, const std::string& file, std::size_t offset);

class ProgramBuilder {
 public:
  ProgramBuilder(const std::string& text, const std::string& file) : text_(text), file_(file) {}

  [[noreturn]] void fail(std::size_t pos, const std::string& msg) const;

  void begin_thread(std::uint64_t id, std::size_t pos);
  void begin_instr(std::uint64_t label, std::size_t pos);
  void set_loc_number(std::uint64_t n, std::size_t pos);
  void set_loc_name(const std::string& name);
  void set_check(std::uint64_t v, std::size_t pos);
  void set_jump(std::uint64_t target, std::size_t pos);
  void set_jump_end(std::size_t pos);
  void set_exch(bool exch);
  void set_write(std::uint64_t v, std::size_t pos);
  // Shapes of the test-suite form.
  void make_store();            // Mem[x] = v: write set, falls through
  void end_instr();

  Program finish();

 private:
  Value value(std::uint64_t v, std::size_t pos) const;
  void close_thread();

  struct PendingJump {
    std::size_t thread, pc, pos;
  };

  const std::string& text_;
  const std::string& file_;
  Program prog_;
  Instr cur_;
  bool jump_is_end_ = false;
  std::size_t jump_pos_ = 0;
  std::vector<PendingJump> jumps_;  // numeric targets, checked when the thread closes
  std::vector<std::size_t> end_jumps_;  // pcs of the current thread that jump to END
  // Location tokens: numeric names and identifiers, ordered in finish().
  std::map<std::uint64_t, std::uint32_t> numeric_;
  std::map<std::string, std::uint32_t> named_;
  std::vector<std::string> token_names_;
  std::vector<bool> token_numeric_;
};

}  // namespace racecert::progress::detail
