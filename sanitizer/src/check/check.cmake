# --- wavesan-check, the diff ------------------------------------
# check_reduction / check_gemm and their reports (wavesan/check.h), GoogleTest macros
# (wavesan/gtest.h, header-only). The reference results come from wavesan-reference, which
# this library links (never the reverse); the diagnoses reuse the host backend's decoding,
# sgemm mapping and threaded group reductions (src/reference/host/host_internal.h, bulk.h).
if(TARGET wavesan-reference)
  add_library(wavesan-check STATIC
    ${CMAKE_CURRENT_LIST_DIR}/check_common.cpp
    ${CMAKE_CURRENT_LIST_DIR}/check_reduction.cpp
    ${CMAKE_CURRENT_LIST_DIR}/check_gemm.cpp
    ${CMAKE_CURRENT_LIST_DIR}/check_gemm_diagnose.cpp)
  target_compile_features(wavesan-check PUBLIC cxx_std_20)
  target_include_directories(wavesan-check PRIVATE
    $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}>
    $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}/../reference/host>)
  target_link_libraries(wavesan-check PUBLIC wavesan-reference wavesan-emu wavesan-numeric)
  set_target_properties(wavesan-check PROPERTIES POSITION_INDEPENDENT_CODE ON)
  # bench/check builds and runs this (not built by default).
  add_executable(check_bench EXCLUDE_FROM_ALL ${PROJECT_SOURCE_DIR}/bench/check_bench.cpp)
  target_link_libraries(check_bench PRIVATE wavesan-check BLAS::BLAS)
endif()
# --- end
