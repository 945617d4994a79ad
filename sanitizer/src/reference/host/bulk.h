//===--- bulk.h - threads and large buffers for per-element host work ---===//
///
/// \file
/// Internal to wavesan-reference's host backend, and reused by the diff
/// (sanitizer/src/diff/, which links wavesan-reference): the reductions of the
/// host reference, the comparison and the tolerances work on large arrays
/// element by element. They
/// cut the index range into fixed chunks, run the chunks on a few threads
/// (std::thread) and merge per-thread partial results in a way that does not
/// depend on which thread took which chunk, so a check's result is the same for
/// any thread count. C-sized arrays live in FloatBuffer, which does not
/// zero-fill what the next step overwrites anyway.
///
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace wavesan::host_detail {

/// Most threads a check uses (a larger DiffOptions::Threads counts as this).
constexpr unsigned MaxWorkers = 256;
/// Threads a check uses: \p Requested when > 0 (DiffOptions::Threads), else
/// std::thread::hardware_concurrency() (at least 1); at most MaxWorkers.
unsigned workerCount(unsigned Requested);

/// Calls Fn(Begin, End, Worker) for each chunk [k * Chunk, min(Count, (k+1) * Chunk))
/// of [0, Count), on min(Workers, chunks) threads: the calling thread is worker 0,
/// the others are started here and joined before returning. Workers take chunks in
/// turn, so which worker gets which chunk varies from run to run; callers keep one
/// partial result per worker and merge them order-independently. An exception
/// thrown by Fn stops the remaining chunks and is rethrown here (the first one).
/// Chunk must be > 0.
void forChunks(size_t Count, size_t Chunk, unsigned Workers,
               const std::function<void(size_t Begin, size_t End, unsigned Worker)> &Fn);

/// \p Bytes of memory for a large array, released with bulkFree(P, Bytes):
/// below 4 MiB plain malloc; from 4 MiB on 2 MiB-aligned with transparent huge
/// pages advised (a 256 MiB array faults in 128 pages instead of 65536), and
/// taken from the blocks that earlier checks freed when one fits (this size up
/// to twice it): a test that checks many outputs of one shape pays the page
/// faults and the kernel's zero-filling of fresh pages once. The process keeps
/// at most 4 freed blocks, 1 GiB in all (the oldest are returned first).
/// Throws std::bad_alloc.
void *bulkAllocate(size_t Bytes);
/// Releases a bulkAllocate block of \p Bytes (kept for reuse when large).
void bulkFree(void *P, size_t Bytes);

/// An allocator for result-sized arrays: bulkAllocate, and elements
/// default-initialised (a std::vector<double>(n) with it is not zero-filled:
/// every element is written by the loop that computes it).
template <typename T> struct BulkAllocator {
  using value_type = T;
  BulkAllocator() = default;
  template <typename U> BulkAllocator(const BulkAllocator<U> &) {}
  T *allocate(size_t N) {
    if (N > SIZE_MAX / sizeof(T))
      throw std::bad_alloc();
    return static_cast<T *>(bulkAllocate(N * sizeof(T)));
  }
  void deallocate(T *P, size_t N) { bulkFree(P, N * sizeof(T)); }
  template <typename U> void construct(U *P) { ::new (static_cast<void *>(P)) U; }
  template <typename U, typename... A> void construct(U *P, A &&...Args) {
    ::new (static_cast<void *>(P)) U(std::forward<A>(Args)...);
  }
  template <typename U> bool operator==(const BulkAllocator<U> &) const { return true; }
};

/// Per-result arrays of the reduction diff (reference values, sums of |x|,
/// tolerances). Note: Doubles(n) leaves the n values uninitialised.
using Doubles = std::vector<double, BulkAllocator<double>>;

/// A fixed-size float array whose elements are NOT initialised (the sgemm or
/// decoder that fills it writes every element; memory from bulkAllocate), or a
/// read-only view of caller memory (the kernel's fp32 C, not copied).
class FloatBuffer {
public:
  FloatBuffer() = default;
  /// An owned, uninitialised array of \p N floats.
  explicit FloatBuffer(size_t N);
  /// A view of \p N floats at \p Data; data() must not be written through.
  static FloatBuffer view(const float *Data, size_t N);

  size_t size() const { return Size; }
  bool empty() const { return Size == 0; }
  float *data() { return Ptr; }
  const float *data() const { return Ptr; }
  float &operator[](size_t I) { return Ptr[I]; }
  float operator[](size_t I) const { return Ptr[I]; }
  const float *begin() const { return Ptr; }
  const float *end() const { return Ptr + Size; }

private:
  struct Free {
    size_t Bytes; // value-initialised (0) in an empty buffer
    void operator()(float *P) const;
  };
  std::unique_ptr<float, Free> Own;
  float *Ptr = nullptr;
  size_t Size = 0;
};

} // namespace wavesan::host_detail
