{{ 'a,b' | method_call('split', ',') }} {{ {'a': 1} | method_call('get', 'a') }} {{ 'x' | method_call('nope') }}
{{ 'abc' | substring_in_list(['xabcx', 'y']) }} {{ 'q' | substring_in_list(['a']) }}
