#include "tests/support/concrete_pairs.hpp"

#include <functional>
#include <map>

#include "protocol/loop_domain.hpp"
#include "support/overloaded.hpp"

namespace racecert::testkit {

using namespace protocol;

namespace {

constexpr std::int64_t kLow = -4, kHigh = 24;  // binder values tried

void add_pairs(const std::vector<AccessInstance>& phase, std::set<AccessPair>& out) {
  for (std::size_t i = 0; i < phase.size(); ++i)
    for (std::size_t j = i + 1; j < phase.size(); ++j) {
      if (phase[i].thread == phase[j].thread) continue;
      AccessInstance a = phase[i], b = phase[j];
      if (b < a) std::swap(a, b);
      out.insert({a, b});
    }
}

using Scope = std::map<std::string, std::int64_t>;

class ClosureRunner {
 public:
  ClosureRunner(const Kernel& k, const ConcreteConfig& cfg) : k_(k), cfg_(cfg) {}

  void run(const transform::Closure& c, std::set<AccessPair>& out) {
    std::int64_t per_block = cfg_.block_dim[0] * cfg_.block_dim[1] * cfg_.block_dim[2];
    std::int64_t blocks = cfg_.grid_dim[0] * cfg_.grid_dim[1] * cfg_.grid_dim[2];
    for (std::int64_t b = 0; b < blocks; ++b) {
      block_ = b;
      thread_ = b * per_block;
      scopes_ = {base_scope(0)};
      // Binder values are uniform within a block: enumerate them once.
      enumerate(c, 0, [&] {
        std::vector<AccessInstance> phase;
        auto binders = scopes_;
        for (std::int64_t t = 0; t < per_block; ++t) {
          thread_ = b * per_block + t;
          scopes_ = binders;
          scopes_.front() = base_scope(t);
          exec(c.code, phase);
        }
        scopes_ = binders;
        add_pairs(phase, out);
      });
    }
  }

 private:
  const Kernel& k_;
  const ConcreteConfig& cfg_;
  std::int64_t block_ = 0, thread_ = 0;
  std::vector<Scope> scopes_;

  Scope base_scope(std::int64_t t) const {
    Scope s;
    const char* dims[] = {"x", "y", "z"};
    std::int64_t tid[3] = {t % cfg_.block_dim[0], (t / cfg_.block_dim[0]) % cfg_.block_dim[1],
                           t / (cfg_.block_dim[0] * cfg_.block_dim[1])};
    std::int64_t bid[3] = {block_ % cfg_.grid_dim[0], (block_ / cfg_.grid_dim[0]) % cfg_.grid_dim[1],
                           block_ / (cfg_.grid_dim[0] * cfg_.grid_dim[1])};
    for (int d = 0; d < 3; ++d) {
      s[std::string("threadIdx.") + dims[d]] = tid[d];
      s[std::string("blockIdx.") + dims[d]] = bid[d];
      s[std::string("blockDim.") + dims[d]] = cfg_.block_dim[d];
      s[std::string("gridDim.") + dims[d]] = cfg_.grid_dim[d];
    }
    std::int64_t global = block_ * cfg_.block_dim[0] * cfg_.block_dim[1] * cfg_.block_dim[2] + t;
    for (const auto& v : k_.vars) {
      if (v.kind == Uniformity::Thread) {
        auto it = cfg_.per_thread.find(v.name);
        s[v.name] = it == cfg_.per_thread.end() ? 0 : it->second[static_cast<std::size_t>(global)];
      } else {
        auto it = cfg_.uniform.find(v.name);
        s[v.name] = it == cfg_.uniform.end() ? 0 : it->second;
      }
    }
    return s;
  }

  Env env() const {
    return [this](const std::string& n) -> std::optional<std::int64_t> {
      for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it) {
        auto f = it->find(n);
        if (f != it->end()) return f->second;
      }
      return std::nullopt;
    };
  }

  void enumerate(const transform::Closure& c, std::size_t i, const std::function<void()>& body) {
    if (i == c.binders.size()) return body();
    const auto& b = c.binders[i];
    if (b.var.empty()) {
      if (eval_bool(b.where, env())) enumerate(c, i + 1, body);
      return;
    }
    for (std::int64_t x = kLow; x <= kHigh; ++x) {
      scopes_.push_back({{b.var, x}});
      bool in = eval_bool(b.where, env());
      if (in) enumerate(c, i + 1, body);
      scopes_.pop_back();
    }
  }

  void exec(const Block& b, std::vector<AccessInstance>& phase) {
    scopes_.emplace_back();
    auto step = Overloaded{
        [&](const Access& a) {
          AccessInstance ai;
          ai.site = a.loc.line;
          ai.thread = thread_;
          for (const auto& i : a.index) ai.index.push_back(eval_int(i, env()));
          phase.push_back(std::move(ai));
        },
        [](const Sync&) {},  // a closure is an unsynchronized fragment (split.hpp): no barrier
        [&](const If& i) { exec(eval_bool(i.cond, env()) ? i.then_body : i.else_body, phase); },
        [&](const Loop& l) { exec_loop(l, phase); },
        [&](const Decl& d) { scopes_.back()[d.name] = 0; },
        [&](const Bind& bd) {
          for (std::int64_t x = kLow; x <= kHigh; ++x) {
            scopes_.push_back({{bd.var, x}});
            if (eval_bool(bd.where, env())) exec(bd.body, phase);
            scopes_.pop_back();
          }
        }};
    for (const auto& s : b) std::visit(step, s.node);
    scopes_.pop_back();
  }

  void exec_loop(const Loop& l, std::vector<AccessInstance>& phase) {
    std::int64_t x = eval_int(l.init, env());
    for (int n = 0; n < kMaxLoopIterations; ++n) {
      scopes_.push_back({{l.var, x}});
      bool go = eval_bool(loop_cond(l, var(l.var)), env());
      if (go) exec(l.body, phase);
      std::int64_t next = go ? eval_int(loop_next(l, var(l.var)), env()) : 0;
      scopes_.pop_back();
      if (!go) break;
      x = next;
    }
  }
};

}  // namespace

std::set<AccessPair> interpreter_pairs(const ConcreteResult& r) {
  std::set<AccessPair> out;
  for (const auto& block : r.blocks)
    for (const auto& phase : block) {
      std::vector<AccessInstance> p;
      for (const auto& a : phase) p.push_back(AccessInstance{a.site ? a.site->loc.line : 0, a.thread, a.index});
      add_pairs(p, out);
    }
  return out;
}

std::set<AccessPair> closure_pairs(const Kernel& k, const std::vector<transform::Closure>& closures,
                                   const ConcreteConfig& cfg) {
  std::set<AccessPair> out;
  ClosureRunner runner(k, cfg);
  for (const auto& c : closures) runner.run(c, out);
  return out;
}

}  // namespace racecert::testkit
