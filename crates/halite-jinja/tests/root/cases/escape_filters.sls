{{ '<b>&"x"' | e }} {{ '<b>' | escape }} {{ '<b>' | safe }} {{ 'a b&c' | urlencode }} {{ {'a': 'b c'} | urlencode }}
