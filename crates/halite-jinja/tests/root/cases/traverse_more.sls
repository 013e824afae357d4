{{ pillar | traverse('app:name') }} {{ pillar | traverse('app:users:1') }} {{ pillar | traverse('app:nope', 'dflt') }}
{{ pillar | traverse('users:alice:groups:0') }} {{ {'a': [{'b': 1}]} | traverse('a:b') }} {{ pillar | traverse('app|port', delimiter='|') }}
