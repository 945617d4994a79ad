# --- wavesan-reference, the reference kernels + Backend::Cpu ---
# sanitizer/reference/kernels.hip (the kernels, written once in HIP) is compiled here as
# C++20 against the emulator headers; the same file is compiled for gfx942 by clang (see
# docs/wavesan-reference.md). The XCD remap header comes from checker/include.
if(TARGET wavesan-emu)
  # wavesan_reference_library(<target> [SOFT_MFMA]): the kernels + cpu backend + dispatch.
  # SOFT_MFMA (tests only): the gfx942 MFMA path run on the emulator through a software
  # MFMA (WAVESAN_REFERENCE_SOFT_MFMA); such a copy dispatches Backend::Cpu only.
  function(wavesan_reference_library name)
    # Source properties are per directory: set LANGUAGE where the target is made.
    set(_kernels ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../reference/kernels.hip)
    set_source_files_properties(${_kernels} PROPERTIES LANGUAGE CXX)
    add_library(${name} STATIC ${_kernels}
      ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/cpu_backend.cpp
      ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/dispatch.cpp)
    target_include_directories(${name} PRIVATE
      $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/checker/include>)
    target_link_libraries(${name} PUBLIC wavesan-emu wavesan-numeric)
    set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
    if("SOFT_MFMA" IN_LIST ARGN)
      target_compile_definitions(${name} PRIVATE WAVESAN_REFERENCE_SOFT_MFMA=1)
      return()
    endif()
    # Backend::Host and Backend::Hip live in libraries that link this one: a link cycle of
    # static libraries, which CMake repeats on the link line.
    target_compile_definitions(${name} PRIVATE
      $<$<TARGET_EXISTS:wavesan-check>:WAVESAN_HAVE_HOST_REFERENCE=1>
      $<$<TARGET_EXISTS:wavesan-hip>:WAVESAN_HAVE_HIP_BACKEND=1>)
    target_link_libraries(${name} PUBLIC
      $<TARGET_NAME_IF_EXISTS:wavesan-check> $<TARGET_NAME_IF_EXISTS:wavesan-hip>)
  endfunction()
  wavesan_reference_library(wavesan-reference)
endif()
# --- end
