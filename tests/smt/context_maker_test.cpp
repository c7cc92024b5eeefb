// The maker thread of Z3 contexts (smt/context_maker.hpp): each asker gets
// a fresh context of its own, from any thread, and a forked child gets its
// own maker.
#include "smt/context_maker.hpp"

#include <set>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace racecert::smt::detail {
namespace {

// Whether the context answers a small query right.
bool answers(z3::context& ctx) {
  z3::solver s(ctx);
  z3::expr x = ctx.int_const("x");
  s.add(x > 3 && x < 5);
  if (s.check() != z3::sat) return false;
  return s.get_model().eval(x).get_numeral_int() == 4;
}

TEST(ContextMaker, EachAskerGetsAFreshContextOfItsOwn) {
  ContextPtr a = make_context();
  ContextPtr b = make_context();
  ASSERT_NE(a.get(), nullptr);
  ASSERT_NE(b.get(), nullptr);
  EXPECT_NE(a.get(), b.get());
  EXPECT_TRUE(answers(*a));
  EXPECT_TRUE(answers(*b));
  a.reset();  // handed back: deleted before the next one is made
  ContextPtr c = make_context();
  EXPECT_TRUE(answers(*c));
}

TEST(ContextMaker, AskersOnManyThreadsEachGetOne) {
  constexpr int kThreads = 6;
  std::vector<z3::context*> got(kThreads, nullptr);
  std::vector<int> fine(kThreads, 0);  // not vector<bool>: one thread per element
  {
    std::vector<std::thread> threads;
    for (int i = 0; i < kThreads; ++i)
      threads.emplace_back([i, &got, &fine] {
        ContextPtr mine = make_context();
        got[i] = mine.get();
        fine[i] = answers(*mine);
        // Held until every thread has one, so that no address is reused.
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
      });
    for (auto& t : threads) t.join();
  }
  EXPECT_EQ(std::set<z3::context*>(got.begin(), got.end()).size(), static_cast<std::size_t>(kThreads));
  for (int i = 0; i < kThreads; ++i) EXPECT_EQ(fine[i], 1) << "thread " << i;
}

TEST(ContextMaker, AForkedChildMakesItsOwn) {
  // Another thread asks the maker for one, which may still be being made
  // at the fork.
  std::thread asker([] { ContextPtr c = make_context(); });
  pid_t child = fork();
  if (child != 0) asker.join();
  ASSERT_GE(child, 0);
  if (child == 0) {
    alarm(20);  // a child that waits for the parent's maker never ends
    ContextPtr c = make_context();
    ContextPtr d = make_context();  // past any the parent made: the child's maker's
    _exit(answers(*c) && answers(*d) ? 0 : 3);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "the child was killed (signal " << WTERMSIG(status) << ")";
  EXPECT_EQ(WEXITSTATUS(status), 0);
  ContextPtr here = make_context();  // the parent's maker still works
  EXPECT_TRUE(answers(*here));
}

}  // namespace
}  // namespace racecert::smt::detail
