{{ 1040814000 | strftime }} {{ '1040814000' | strftime('%Y/%m/%d %H:%M:%S') }} {{ 0 | date_format('%a %A %b %B %j %y %I%p') }} {{ 1700000000.5 | strftime('%F %T %u %w') }}
