# testdata/kernels/: one HIP program per bug family (correct and buggy variant), built for
# the CPU emulator as plain C++20 against wavesan-emu (whose PUBLIC include dir provides
# <hip/hip_runtime.h>), and kernels_test, which runs each at wave 32 and 64 in a subprocess.
# Included from tests/sanitizer/CMakeLists.txt after its wavesan-emu guard.

# kernels_test reads JSON reports with LLVM's parser: not in a wavesan-only build.
if(NOT TARGET LLVM)
  return()
endif()
# The programs need the engine (src/emu/ sources), not only the report module.
get_target_property(_wavesan_emu_sources wavesan-emu SOURCES)
if(NOT _wavesan_emu_sources MATCHES "src/emu/")
  message(STATUS "wavesan-emu has no engine sources yet: testdata/kernels/ tests not built")
  return()
endif()
set(WAVESAN_KERNEL_PROGRAMS
  ladder_from_16 hardcoded_lane ballot_narrowed popc_on_ballot sync_mask_32bit
  aggregated_atomic barrier_divergent wave_op_partial shuffle_width block_too_large
  underfilled_grid spin_timeout lds_over_limit
  # the remaining runtime checks and wave-size-divergence
  shuffle_lane_range inactive_lane_read wave_op_divergent ladder_compare)
set(WAVESAN_KERNELS_BIN_DIR ${CMAKE_BINARY_DIR}/bin/kernels)
set(_kernel_targets)
foreach(_kernel IN LISTS WAVESAN_KERNEL_PROGRAMS)
  set(_src ${PROJECT_SOURCE_DIR}/testdata/kernels/${_kernel}.hip)
  # .hip is compiled as C++ (CMP0119: an explicit LANGUAGE adds -x c++).
  set_source_files_properties(${_src} PROPERTIES LANGUAGE CXX)
  add_executable(kernel_${_kernel} ${_src})
  target_link_libraries(kernel_${_kernel} PRIVATE wavesan-emu)
  set_target_properties(kernel_${_kernel} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${WAVESAN_KERNELS_BIN_DIR})
  list(APPEND _kernel_targets kernel_${_kernel})
endforeach()

wavesan_test(kernels_test ${CMAKE_CURRENT_SOURCE_DIR}/KernelsTest.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/KernelsRuntimeTest.cpp ${CMAKE_CURRENT_SOURCE_DIR}/KernelsHarness.cpp)
target_compile_definitions(kernels_test PRIVATE
  WAVESAN_KERNELS_BIN_DIR="${WAVESAN_KERNELS_BIN_DIR}")
target_include_directories(kernels_test SYSTEM PRIVATE ${LLVM_INCLUDE_DIRS})
target_link_libraries(kernels_test PRIVATE LLVM)
add_dependencies(kernels_test ${_kernel_targets})
