{{ 'abc' | uuid }} {{ grains['id'] | uuid }}
{{ '2G' | human_to_bytes }} {{ '30MB' | human_to_bytes }} {{ '30MB' | human_to_bytes(handle_metric=true) }} {{ '64KiB' | human_to_bytes }} {{ '100' | human_to_bytes }} {{ 'x' | human_to_bytes }} {{ '1.5k' | human_to_bytes }}
