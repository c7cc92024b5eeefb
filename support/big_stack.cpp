#include "support/big_stack.hpp"

#include <pthread.h>

#include <exception>
#include <stdexcept>

namespace racecert {

namespace {

struct Job {
  const std::function<void()>* f;
  std::exception_ptr error;
};

void* run_job(void* p) {
  auto* job = static_cast<Job*>(p);
  try {
    (*job->f)();
  } catch (...) {
    job->error = std::current_exception();
  }
  return nullptr;
}

}  // namespace

void run_with_big_stack(const std::function<void()>& f, std::size_t bytes) {
  Job job{&f, nullptr};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0;
  if (started) {
    started = pthread_attr_setstacksize(&attr, bytes) == 0 && pthread_create(&thread, &attr, run_job, &job) == 0;
    pthread_attr_destroy(&attr);
  }
  if (!started) {
    f();  // no thread to be had: the caller's own stack
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace racecert
