{{ [{'n': 'a'}, {'n': 'b'}] | join(', ', attribute='n') }} {{ ['x', 'y'] | join }} {{ 'abc' | join('-') }}
