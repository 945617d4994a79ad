//===--- fibers.cpp - lane stacks and runner fibers ------------------------===//
///
/// \file
/// The pooled, guarded lane stacks and the creation of runner fibers (fibers.h).
///
//===----------------------------------------------------------------------===//
#include "engine.h"

#include <new>
#include <pthread.h>
#include <sys/mman.h>

namespace wavesan::emu::detail {

namespace {

/// Per-lane stack top shift step and the number of distinct shifts. Stacks are
/// separate mmap regions, so their tops share all low address bits; shifting
/// them by multiples of 1088 bytes (1 KiB + one 64-byte line) over 61 steps
/// spreads the hot frames of 256 lanes over ~64 KiB of L2 set index bits and
/// over every L1 set (offset stack tops; measured: see docs/wavesan-emulator.md).
constexpr size_t StackShiftStep = 1088;
constexpr unsigned StackShifts = 61;

} // namespace

ctx::stack_context StackPool::allocate() {
  void *Base;
  if (!Free.empty()) {
    Base = Free.back();
    Free.pop_back();
    // Redzones of frames that never returned (an abandoned lane) stay poisoned.
    if (__asan_unpoison_memory_region)
      __asan_unpoison_memory_region(Base, StackBytes);
  } else {
    void *Map = mmap(nullptr, GuardBytes + StackBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Map == MAP_FAILED)
      throw std::bad_alloc();
    if (mprotect(Map, GuardBytes, PROT_NONE) != 0) { // the guard: an overflow faults
      munmap(Map, GuardBytes + StackBytes);
      throw std::bad_alloc();
    }
    Mapped.push_back(Map);
    Base = static_cast<char *>(Map) + GuardBytes;
  }
  size_t Shift = (Counter++ % StackShifts) * StackShiftStep;
  ctx::stack_context S;
  S.size = StackBytes - Shift;
  S.sp = static_cast<char *>(Base) + S.size;
  Last = {Base, S.size};
  return S;
}

void StackPool::deallocate(ctx::stack_context &S) noexcept {
  Free.push_back(static_cast<char *>(S.sp) - S.size);
}

bool StackPool::inGuard(const void *Addr) const {
  const auto A = reinterpret_cast<uintptr_t>(Addr);
  for (void *M : Mapped)
    if (A - reinterpret_cast<uintptr_t>(M) < GuardBytes)
      return true;
  return false;
}

StackPool::~StackPool() {
  for (void *B : Free)
    munmap(static_cast<char *>(B) - GuardBytes, GuardBytes + StackBytes);
}

namespace {
struct PooledStackAllocator {
  StackPool *Pool;
  ctx::stack_context allocate() { return Pool->allocate(); }
  void deallocate(ctx::stack_context &S) noexcept { Pool->deallocate(S); }
};
} // namespace

FiberPool::FiberPool() {
  pthread_attr_t A;
  if (pthread_getattr_np(pthread_self(), &A) == 0) {
    void *Lo = nullptr;
    size_t Size = 0;
    if (pthread_attr_getstack(&A, &Lo, &Size) == 0)
      MainStack = {Lo, Size};
    pthread_attr_destroy(&A);
  }
  Running = MainStack;
}

ctx::fiber FiberPool::create(ctx::fiber (*Entry)(ctx::fiber &&), StackBounds &Stack) {
  normaliseMxcsr(); // the new context starts with this MXCSR
  ctx::fiber F(std::allocator_arg, PooledStackAllocator{&Stacks}, Entry);
  Stack = Stacks.Last;
  return F;
}

} // namespace wavesan::emu::detail
