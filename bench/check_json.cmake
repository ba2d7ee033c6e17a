# The bench_quick test: run `city-bench --quick --json` (BENCH is its path)
# and check that it exits with 0 and prints one JSON object whose
# games_per_second maps "2", "3" and "4" to numbers (with CMake >= 3.19,
# also The Tower's games/s and every game's clone + free and copy figures
# of clone_rounds). No timing is asserted.
#
#   cmake -DBENCH=path/to/city-bench -P bench/check_json.cmake
cmake_minimum_required(VERSION 3.16)

if(NOT BENCH)
  message(FATAL_ERROR "check_json.cmake: -DBENCH=<city-bench> is required")
endif()

execute_process(COMMAND "${BENCH}" --quick --json
                RESULT_VARIABLE rc
                OUTPUT_VARIABLE out
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "city-bench --quick --json failed (${rc}):\n${err}${out}")
endif()

set(_number "-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")
if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.19)
  # A real JSON parse: string(JSON) fails on malformed text.
  foreach(_p 2 3 4)
    string(JSON _v ERROR_VARIABLE _e GET "${out}" games_per_second "${_p}")
    if(_e)
      message(FATAL_ERROR "games_per_second.\"${_p}\": ${_e}\n${out}")
    endif()
    if(NOT _v MATCHES "^${_number}$")
      message(FATAL_ERROR "games_per_second.\"${_p}\" is '${_v}', not a number")
    endif()
  endforeach()
  # The Tower (section 7): carcassonne.tower.games_per_second, 2..5 players
  foreach(_p 2 3 4 5)
    string(JSON _v ERROR_VARIABLE _e
           GET "${out}" carcassonne tower games_per_second "${_p}")
    if(_e OR NOT _v MATCHES "^${_number}$")
      message(FATAL_ERROR "carcassonne.tower.games_per_second.\"${_p}\": "
                          "'${_v}' ${_e}")
    endif()
  endforeach()
  # Section 9: clone + free and copy of every game, interleaved rounds:
  # clone_rounds.<game>.{clone_free_ns,copy_ns}.{least,median}
  foreach(_g the_city carcassonne carcassonne_tower carcassonne_river
             carcassonne_river_tower)
    foreach(_k clone_free_ns copy_ns)
      foreach(_s least median)
        string(JSON _v ERROR_VARIABLE _e
               GET "${out}" clone_rounds "${_g}" "${_k}" "${_s}")
        if(_e OR NOT _v MATCHES "^${_number}$")
          message(FATAL_ERROR "clone_rounds.${_g}.${_k}.${_s}: '${_v}' ${_e}")
        endif()
      endforeach()
    endforeach()
  endforeach()
else()
  if(NOT out MATCHES
     "\"games_per_second\": *{\"2\": *${_number}, *\"3\": *${_number}, *\"4\": *${_number}}")
    message(FATAL_ERROR "no games_per_second with \"2\", \"3\", \"4\":\n${out}")
  endif()
endif()
message(STATUS "bench_quick: JSON has games_per_second for 2, 3 and 4 players "
               "(and, CMake >= 3.19, The Tower's and clone_rounds' figures)")
