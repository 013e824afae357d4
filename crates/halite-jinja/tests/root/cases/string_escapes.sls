{{ 'a\nb' }}|{{ "t\tt" }}|{{ 'back\\slash' }}|{{ "q\"q" }}|{{ 'it\'s' }}
{{ ['a\nb', 'back\\slash', "q'q", 'q"q', "both'\""] }}
{{ 'a\nb' | json }} {{ '\\' | tojson }}
