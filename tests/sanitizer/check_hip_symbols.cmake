# ctest HipBackend.NoHipSymbolsDefined: Backend::Hip's objects (wavesan-reference-hip, built
# into wavesan-reference) must define no hip* symbol of their own.
# A program may link wavesan-emu, whose hip* functions have C++ linkage and whose header
# defines inline templates (hipMalloc<T>) under the same mangled names the real HIP header
# would give: a definition here would be merged with (or replace) the emulator's.
# Usage: cmake -DNM=<nm> -DOBJECTS=<a.o>|<b.o>... -P check_hip_symbols.cmake
string(REPLACE "|" ";" _objects "${OBJECTS}")
execute_process(COMMAND ${NM} -C --defined-only ${_objects} OUTPUT_VARIABLE _out
                RESULT_VARIABLE _rc ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "${NM} failed on ${OBJECTS}: ${_err}")
endif()
string(REPLACE "\n" ";" _lines "${_out}")
set(_bad)
set(_count 0)
foreach(_line IN LISTS _lines)
  # "<address> <type> <demangled name>"; only symbols with external binding (upper-case
  # types, 'u' = unique global) can be merged with another object's: local ones ('t') cannot.
  if(_line MATCHES "^[0-9a-fA-F]+ ([A-Za-z]) (.*)$")
    math(EXPR _count "${_count} + 1")
    set(_type "${CMAKE_MATCH_1}")
    set(_name "${CMAKE_MATCH_2}")
    if(NOT _type MATCHES "^[A-Zu]$")
      continue()
    endif()
    # Functions or templates named hip*/ihip*/__hip* at global scope, or HIP's hip_impl::.
    if(_name MATCHES "^(hip|ihip|__hip|hip_impl::)" OR _name MATCHES "^[^(]* (hip|hip_impl::)[A-Za-z_]*[<(]")
      list(APPEND _bad "${_name}")
    endif()
  endif()
endforeach()
if(_count EQUAL 0)
  message(FATAL_ERROR "no defined symbols read from ${OBJECTS} (expected wavesan::hipBackendStatus ...)")
endif()
if(_bad)
  list(JOIN _bad "\n  " _bad)
  message(FATAL_ERROR "Backend::Hip defines HIP symbols that can clash with wavesan-emu:\n  ${_bad}")
endif()
message(STATUS "${_count} defined symbols, none named hip*")
