bad: {{ undefined_thing.attr }}
