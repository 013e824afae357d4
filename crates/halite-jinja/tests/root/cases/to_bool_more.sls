{{ 'TRUE' | to_bool }} {{ 'on' | to_bool }} {{ '0' | to_bool }} {{ 0 | to_bool }} {{ 2 | to_bool }} {{ {} | to_bool }} {{ 0.5 | to_bool }}
