#include "progress/program_builder.hpp"

#include <algorithm>
#include <cctype>

namespace racecert::progress::detail {

std::size_t skip_blank(const std::string& t, std::size_t i) {
  while (i < t.size()) {
    if (std::isspace(static_cast<unsigned char>(t[i]))) {
      ++i;
    } else if (t.compare(i, 2, "//") == 0) {
      while (i < t.size() && t[i] != '\n') ++i;
    } else if (t.compare(i, 2, "/*") == 0) {
      const auto end = t.find("*/", i + 2);
      if (end == std::string::npos) return i;
      i = end + 2;
    } else {
      break;
    }
  }
  return i;
}

SourceLoc locate(const std::string& text, const std::string& file, std::size_t offset) {
  SourceLoc loc{file, 1, 1};
  offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++loc.line;
      loc.column = 1;
    } else {
      ++loc.column;
    }
  }
  return loc;
}

void ProgramBuilder::fail(std::size_t pos, const std::string& msg) const {
  throw input_error(locate(text_, file_, pos), msg);
}

Value ProgramBuilder::value(std::uint64_t v, std::size_t pos) const {
  if (v > 0xffffffffull) fail(pos, "value " + std::to_string(v) + " is out of range (at most 4294967295)");
  return static_cast<Value>(v);
}

void ProgramBuilder::begin_thread(std::uint64_t id, std::size_t pos) {
  if (!prog_.threads.empty()) close_thread();
  if (id != prog_.threads.size())
    fail(pos, "thread " + std::to_string(id) + " out of order: expected thread " +
                  std::to_string(prog_.threads.size()));
  if (prog_.threads.size() >= kMaxThreads)
    fail(pos, "too many threads (at most " + std::to_string(kMaxThreads) + ")");
  prog_.threads.emplace_back();
}

void ProgramBuilder::begin_instr(std::uint64_t label, std::size_t pos) {
  auto& code = prog_.threads.back().code;
  if (label != code.size())
    fail(pos, "instruction label " + std::to_string(label) + " out of order: expected " +
                  std::to_string(code.size()));
  if (code.size() >= kMaxInstructionsPerThread)
    fail(pos, "too many instructions in a thread (at most " + std::to_string(kMaxInstructionsPerThread) + ")");
  cur_ = Instr{};
  jump_is_end_ = false;
  jump_pos_ = pos;
}

void ProgramBuilder::set_loc_number(std::uint64_t n, std::size_t pos) {
  if (n > 0xffffffffull) fail(pos, "location " + std::to_string(n) + " is out of range");
  auto [it, fresh] = numeric_.emplace(n, static_cast<std::uint32_t>(token_names_.size()));
  if (fresh) {
    token_names_.push_back(std::to_string(n));
    token_numeric_.push_back(true);
  }
  cur_.loc = it->second;
}

void ProgramBuilder::set_loc_name(const std::string& name) {
  auto [it, fresh] = named_.emplace(name, static_cast<std::uint32_t>(token_names_.size()));
  if (fresh) {
    token_names_.push_back(name);
    token_numeric_.push_back(false);
  }
  cur_.loc = it->second;
}

void ProgramBuilder::set_check(std::uint64_t v, std::size_t pos) { cur_.check = value(v, pos); }

void ProgramBuilder::set_jump(std::uint64_t target, std::size_t pos) {
  if (target > kMaxInstructionsPerThread) fail(pos, "jump target " + std::to_string(target) + " is out of range");
  cur_.jump = static_cast<std::uint32_t>(target);
  jump_pos_ = pos;
}

void ProgramBuilder::set_jump_end(std::size_t pos) {
  jump_is_end_ = true;
  jump_pos_ = pos;
}

void ProgramBuilder::set_exch(bool exch) { cur_.exch = exch; }

void ProgramBuilder::set_write(std::uint64_t v, std::size_t pos) { cur_.write = value(v, pos); }

void ProgramBuilder::make_store() {
  // Mem[x] = v is an exchange whose result is ignored: it always falls through.
  cur_.exch = true;
  cur_.check = 0;
  cur_.jump = static_cast<std::uint32_t>(prog_.threads.back().code.size() + 1);
}

void ProgramBuilder::end_instr() {
  auto& code = prog_.threads.back().code;
  if (!cur_.exch) cur_.write = 0;  // unused; keeps programs comparable
  if (jump_is_end_) end_jumps_.push_back(code.size());
  else jumps_.push_back({prog_.threads.size() - 1, code.size(), jump_pos_});
  code.push_back(cur_);
}

void ProgramBuilder::close_thread() {
  auto& code = prog_.threads.back().code;
  const auto len = static_cast<std::uint32_t>(code.size());
  for (std::size_t pc : end_jumps_) code[pc].jump = len;
  end_jumps_.clear();
  for (const auto& j : jumps_) {
    if (code[j.pc].jump > len)
      fail(j.pos, "jump target " + std::to_string(code[j.pc].jump) + " is past the end of thread " +
                      std::to_string(j.thread) + " (its END is " + std::to_string(len) + ")");
  }
  jumps_.clear();
}

Program ProgramBuilder::finish() {
  if (prog_.threads.empty()) fail(0, "expected at least one thread");
  close_thread();
  // Numeric locations first, ascending, then identifiers in order of appearance.
  std::vector<std::uint32_t> order;
  for (const auto& [n, tok] : numeric_) order.push_back(tok);
  for (std::uint32_t tok = 0; tok < token_names_.size(); ++tok)
    if (!token_numeric_[tok]) order.push_back(tok);
  std::vector<std::uint32_t> index_of(token_names_.size());
  prog_.locations.clear();
  for (std::uint32_t i = 0; i < order.size(); ++i) {
    index_of[order[i]] = i;
    prog_.locations.push_back(token_names_[order[i]]);
  }
  for (auto& t : prog_.threads)
    for (auto& i : t.code) i.loc = index_of[i.loc];
  return std::move(prog_);
}

}  // namespace racecert::progress::detail
