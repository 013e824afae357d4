{{ pillar.app | attr('name') }} {{ {'k': 'v'} | attr('k') }}
