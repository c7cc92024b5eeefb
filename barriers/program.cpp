#include "barriers/program.hpp"

#include <algorithm>
#include <cstdlib>

#include "support/diagnostic.hpp"

namespace racecert::barriers {

const char* to_string(Op op) {
  switch (op) {
    case Op::Sync: return "sync";
    case Op::Arrive: return "arrive";
    case Op::Read: return "read";
    case Op::Write: return "write";
    case Op::Opaque: return "unknown";
  }
  return "?";
}

std::uint32_t Program::var(const std::string& name) {
  for (; vars_seen_ < vars.size(); ++vars_seen_) var_ids_.emplace(vars[vars_seen_], vars_seen_);
  auto [it, fresh] = var_ids_.emplace(name, static_cast<std::uint32_t>(vars.size()));
  if (fresh) {
    vars.push_back(name);
    ++vars_seen_;
  }
  return it->second;
}

std::uint32_t Program::index(const IndexForm& f) {
  auto key = [](const IndexForm& x) {
    return IndexKey{x.kind, x.constant, x.per_tid, x.per_lane, x.per_warp, x.table, x.width};
  };
  for (; indices_seen_ < indices.size(); ++indices_seen_) index_ids_.emplace(key(indices[indices_seen_]), indices_seen_);
  auto [it, fresh] = index_ids_.emplace(key(f), static_cast<std::uint32_t>(indices.size()));
  if (fresh) {
    indices.push_back(f);
    ++indices_seen_;
  }
  return it->second;
}

void Program::set_value(Unit& u, const ValueForm& v) {
  for (; values_seen_ < values.size(); ++values_seen_) value_ids_.emplace(values[values_seen_], values_seen_);
  auto [it, fresh] = value_ids_.emplace(v, static_cast<std::uint32_t>(values.size()));
  if (fresh) {
    values.push_back(v);
    ++values_seen_;
  }
  u.values.push_back(StoredValue{static_cast<std::uint32_t>(u.cmds.size() - 1), it->second});
}

std::optional<std::int64_t> Program::stored_value(const Unit& u, std::uint32_t i, std::uint32_t tid) const {
  auto it = std::lower_bound(u.values.begin(), u.values.end(), i,
                             [](const StoredValue& s, std::uint32_t cmd) { return s.cmd < cmd; });
  if (it == u.values.end() || it->cmd != i) return std::nullopt;
  const ValueForm& v = values[it->form];
  return v.size() == 1 ? v[0] : v[tid - u.first_thread];
}

bool Program::same_value_writes(std::uint32_t u1, std::uint32_t i1, std::uint32_t t1, std::uint32_t u2,
                                std::uint32_t i2, std::uint32_t t2) const {
  const Unit& a = units[u1];
  const Unit& b = units[u2];
  const Command& c1 = a.cmds[i1];
  const Command& c2 = b.cmds[i2];
  if (c1.op != Op::Write || c2.op != Op::Write) return false;
  if (width(c1) != width(c2) || address(c1, a, t1) != address(c2, b, t2)) return false;
  std::optional<std::int64_t> v1 = stored_value(a, i1, t1);
  return v1 && v1 == stored_value(b, i2, t2);
}

Unit& Program::add_unit(std::string name, std::uint32_t first_thread, std::uint32_t num_threads,
                        SourceLoc loc) {
  Unit u;
  u.name = std::move(name);
  u.first_thread = first_thread;
  u.num_threads = num_threads;
  u.loc = std::move(loc);
  units.push_back(std::move(u));
  return units.back();
}

Command Program::sync(std::uint32_t barrier, std::uint32_t count, Pos pos) {
  return Command{Op::Sync, 0, barrier, count, pos};
}
Command Program::arrive(std::uint32_t barrier, std::uint32_t count, Pos pos) {
  return Command{Op::Arrive, 0, barrier, count, pos};
}
Command Program::read(const std::string& v, Pos pos) { return Command{Op::Read, 0, var(v), kNoIndex, pos}; }
Command Program::write(const std::string& v, Pos pos) { return Command{Op::Write, 0, var(v), kNoIndex, pos}; }
Command Program::read(const std::string& v, const IndexForm& idx, Pos pos) {
  return Command{Op::Read, 0, var(v), index(idx), pos};
}
Command Program::write(const std::string& v, const IndexForm& idx, Pos pos) {
  return Command{Op::Write, 0, var(v), index(idx), pos};
}
Command Program::opaque(const std::string& why, Pos pos) {
  notes.push_back(why);
  return Command{Op::Opaque, 0, static_cast<std::uint32_t>(notes.size() - 1), 0, pos};
}

SourceLoc Program::loc_of(const Command& c) const {
  SourceLoc l;
  l.file = c.file < files.size() ? files[c.file] : std::string();
  l.line = static_cast<int>(c.pos.line);
  l.column = static_cast<int>(c.pos.column);
  return l;
}

std::uint64_t Program::num_commands() const {
  std::uint64_t n = 0;
  for (const auto& u : units) n += u.cmds.size();
  return n;
}

std::uint64_t Program::num_thread_commands() const {
  std::uint64_t n = 0;
  for (const auto& u : units) n += std::uint64_t{u.cmds.size()} * u.num_threads;
  return n;
}

std::string describe(const Unit& u) {
  std::string range = u.num_threads == 1 ? "thread " + std::to_string(u.first_thread)
                                         : "threads " + std::to_string(u.first_thread) + ".." +
                                               std::to_string(u.last_thread());
  if (u.name.empty() || u.name == range) return range;
  return u.name + " (" + range + ")";
}

namespace {
void add_term(std::string& s, std::int64_t coef, const char* var) {
  if (coef == 0) return;
  std::int64_t mag = coef < 0 ? -coef : coef;
  if (s.empty()) {
    if (coef < 0) s += "-";
  } else {
    s += coef < 0 ? " - " : " + ";
  }
  if (var == nullptr) {
    s += std::to_string(mag);
  } else {
    if (mag != 1) s += std::to_string(mag) + "*";
    s += var;
  }
}
}  // namespace

std::string describe_index(const IndexForm& f) {
  if (f.kind == IndexForm::Kind::Table) {
    std::string s = "{";
    for (std::size_t i = 0; i < f.table.size(); ++i) s += (i ? ", " : "") + std::to_string(f.table[i]);
    return s + "}";
  }
  std::string s;
  add_term(s, f.per_tid, "tid");
  add_term(s, f.per_lane, "lane");
  add_term(s, f.per_warp, "warp");
  add_term(s, f.constant, nullptr);
  return s.empty() ? "0" : s;
}

std::string describe(const Program& p, const Command& c) {
  switch (c.op) {
    case Op::Sync:
    case Op::Arrive: return std::string(to_string(c.op)) + " " + std::to_string(c.arg) + " " + std::to_string(c.aux);
    case Op::Read:
    case Op::Write: {
      std::string s = to_string(c.op);
      s += ' ';
      s += c.arg < p.vars.size() ? p.vars[c.arg] : std::string("?");
      if (c.aux != kNoIndex) {
        s += '[';
        s += c.aux < p.indices.size() ? describe_index(p.indices[c.aux]) : std::string("?");
        s += ']';
        if (c.aux < p.indices.size() && p.indices[c.aux].width != 1)
          s += " width " + std::to_string(p.indices[c.aux].width);
      }
      return s;
    }
    case Op::Opaque: return "unknown";
  }
  return "?";
}

std::string describe_value(const ValueForm& v) {
  if (v.size() == 1) return "value " + std::to_string(v[0]);
  std::string s = "value {";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
  return s + "}";
}

IndexForm affine(std::int64_t constant, std::int64_t per_tid, std::int64_t per_lane, std::int64_t per_warp) {
  IndexForm f;
  f.constant = constant;
  f.per_tid = per_tid;
  f.per_lane = per_lane;
  f.per_warp = per_warp;
  return f;
}

void validate(const Program& p) {
  const SourceLoc& ploc = p.loc;
  if (p.block_threads == 0 || p.block_threads > kMaxBlockThreads)
    throw input_error(ploc, "block size must be between 1 and " + std::to_string(kMaxBlockThreads) + " threads");
  if (p.files.empty()) throw input_error(ploc, "program has no file table");
  for (const auto& f : p.indices) {
    bool ok = true;
    if (f.kind == IndexForm::Kind::Affine) {
      ok = std::llabs(f.constant) <= kMaxIndexConstant && std::llabs(f.per_tid) <= kMaxIndexCoefficient &&
           std::llabs(f.per_lane) <= kMaxIndexCoefficient && std::llabs(f.per_warp) <= kMaxIndexCoefficient;
    } else {
      for (auto v : f.table) ok = ok && std::llabs(v) <= kMaxIndexConstant;
    }
    if (!ok) throw input_error(ploc, "index too large (constants up to 2^38, coefficients up to 2^26)");
    if (f.width < 1 || f.width > kMaxAccessWidth)
      throw input_error(ploc, "access width must be between 1 and " + std::to_string(kMaxAccessWidth));
  }
  {  // two ids for one name would hide races between them
    std::vector<std::string> names = p.vars;
    std::sort(names.begin(), names.end());
    auto dup = std::adjacent_find(names.begin(), names.end());
    if (dup != names.end()) throw input_error(ploc, "variable '" + *dup + "' declared twice");
  }
  std::vector<std::pair<std::uint32_t, std::size_t>> ranges;
  for (std::size_t ui = 0; ui < p.units.size(); ++ui) {
    const Unit& u = p.units[ui];
    if (u.num_threads == 0 || u.first_thread >= p.block_threads || u.num_threads > p.block_threads - u.first_thread)
      throw input_error(u.loc, describe(u) + " lies outside the block of " + std::to_string(p.block_threads) +
                                   " threads");
    ranges.emplace_back(u.first_thread, ui);
    for (const Command& c : u.cmds) {
      SourceLoc at = p.loc_of(c);
      if (c.file >= p.files.size()) throw input_error(u.loc, "command refers to an unknown file");
      switch (c.op) {
        case Op::Sync:
        case Op::Arrive:
          if (c.arg >= kNumBarriers)
            throw input_error(at, "barrier " + std::to_string(c.arg) + " out of range (0.." +
                                      std::to_string(kNumBarriers - 1) + ")");
          if (c.aux == 0 || c.aux > kMaxBlockThreads)
            throw input_error(at, "thread count " + std::to_string(c.aux) + " out of range (1.." +
                                      std::to_string(kMaxBlockThreads) + ")");
          break;
        case Op::Read:
        case Op::Write:
          if (c.arg >= p.vars.size()) throw input_error(at, "access to an unknown variable");
          if (c.aux != kNoIndex) {
            if (c.aux >= p.indices.size()) throw input_error(at, "access with an unknown index form");
            const IndexForm& f = p.indices[c.aux];
            if (f.kind == IndexForm::Kind::Table && f.table.size() != u.num_threads)
              throw input_error(at, "index table has " + std::to_string(f.table.size()) + " entries but " +
                                        describe(u) + " has " + std::to_string(u.num_threads) + " threads");
          }
          break;
        case Op::Opaque:
          if (c.arg >= p.notes.size()) throw input_error(at, "unknown command without a note");
          break;
      }
    }
  }
  for (const Unit& u : p.units) {
    for (std::size_t k = 0; k < u.values.size(); ++k) {
      const StoredValue& s = u.values[k];
      if (s.cmd >= u.cmds.size() || u.cmds[s.cmd].op != Op::Write || (k > 0 && u.values[k - 1].cmd >= s.cmd))
        throw input_error(u.loc, "a stored value on a command that is not a write, or out of order");
      if (s.form >= p.values.size()) throw input_error(u.loc, "a stored value with an unknown value form");
      std::size_t n = p.values[s.form].size();
      if (n != 1 && n != u.num_threads)
        throw input_error(p.loc_of(u.cmds[s.cmd]), "value table has " + std::to_string(n) + " entries but " +
                                                       describe(u) + " has " + std::to_string(u.num_threads) +
                                                       " threads");
    }
  }
  if (p.units.size() > 0xffff) throw input_error(ploc, "too many units");
  std::sort(ranges.begin(), ranges.end());
  for (std::size_t i = 1; i < ranges.size(); ++i) {
    const Unit& prev = p.units[ranges[i - 1].second];
    const Unit& cur = p.units[ranges[i].second];
    if (cur.first_thread <= prev.last_thread())
      throw input_error(cur.loc, describe(cur) + " overlaps " + describe(prev));
  }
}

bool same_program(const Program& a, const Program& b) {
  if (a.name != b.name || a.block_threads != b.block_threads || a.lockstep != b.lockstep ||
      a.units.size() != b.units.size())
    return false;
  auto same_cmd = [&](const Command& x, const Command& y) {
    if (x.op != y.op) return false;
    switch (x.op) {
      case Op::Sync:
      case Op::Arrive: return x.arg == y.arg && x.aux == y.aux;
      case Op::Read:
      case Op::Write:
        if (a.vars[x.arg] != b.vars[y.arg] || (x.aux == kNoIndex) != (y.aux == kNoIndex)) return false;
        return x.aux == kNoIndex || a.indices[x.aux] == b.indices[y.aux];
      case Op::Opaque: return a.notes[x.arg] == b.notes[y.arg];
    }
    return false;
  };
  for (std::size_t i = 0; i < a.units.size(); ++i) {
    const Unit& x = a.units[i];
    const Unit& y = b.units[i];
    if (x.name != y.name || x.first_thread != y.first_thread || x.num_threads != y.num_threads ||
        x.cmds.size() != y.cmds.size() || x.values.size() != y.values.size())
      return false;
    for (std::size_t k = 0; k < x.values.size(); ++k)
      if (x.values[k].cmd != y.values[k].cmd || a.values[x.values[k].form] != b.values[y.values[k].form]) return false;
    for (std::size_t k = 0; k < x.cmds.size(); ++k)
      if (!same_cmd(x.cmds[k], y.cmds[k])) return false;
  }
  return true;
}

}  // namespace racecert::barriers
