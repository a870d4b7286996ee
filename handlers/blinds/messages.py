"""The blind clock's words in ja/ko/en: the status, the announcements, the command answers and errors.

Kept apart from `text.py` (which puts them together) so the wording can be reviewed in one place.
"""

from __future__ import annotations

from handlers.i18n import Messages

MSG = Messages(
    {
        # headlines
        "level": {"en": "Level {n}: {blinds}", "ja": "レベル{n}：{blinds}", "ko": "레벨 {n}: {blinds}"},
        "warning": {
            "en": "One minute left in level {n} ({blinds})",
            "ja": "レベル{n}（{blinds}）は残り1分です",
            "ko": "레벨 {n}({blinds}) 1분 남았습니다",
        },
        "break": {
            "en": "Break, {minutes} min: play resumes at level {n} ({blinds})",
            "ja": "{minutes}分間の休憩：レベル{n}（{blinds}）から再開します",
            "ko": "{minutes}분 휴식: 레벨 {n}({blinds})부터 다시 시작합니다",
        },
        "break_warning": {
            "en": "One minute left in the break: level {n} ({blinds}) is next",
            "ja": "休憩は残り1分です。次はレベル{n}（{blinds}）です",
            "ko": "휴식 1분 남았습니다. 다음은 레벨 {n}({blinds})입니다",
        },
        "paused": {
            "en": "Paused in level {n} ({blinds}), {left} left",
            "ja": "レベル{n}（{blinds}）で一時停止中、残り{left}",
            "ko": "레벨 {n}({blinds})에서 일시정지 중, {left} 남음",
        },
        "paused_break": {
            "en": "Paused in the break, {left} left",
            "ja": "休憩中に一時停止しています。残り{left}",
            "ko": "휴식 중 일시정지, {left} 남음",
        },
        "stopped": {
            "en": "The blind clock is stopped (it was in level {n}).",
            "ja": "ブラインドクロックを終了しました（レベル{n}でした）。",
            "ko": "블라인드 클락을 종료했습니다 (마지막 레벨: {n}).",
        },
        "last": {"en": "Last level: it runs until the clock is stopped.",
                 "ja": "最終レベルです。クロックを止めるまで続きます。",
                 "ko": "마지막 레벨입니다. 클락을 멈출 때까지 이어집니다."},
        # pieces
        "blinds": {"en": "{sb}/{bb}", "ja": "{sb}/{bb}", "ko": "{sb}/{bb}"},
        "with_ante": {"en": "{sb}/{bb}, ante {ante}", "ja": "{sb}/{bb}、アンティ{ante}", "ko": "{sb}/{bb}, 앤티 {ante}"},
        "with_bba": {"en": "{sb}/{bb}, big blind ante {ante}", "ja": "{sb}/{bb}、BBアンティ{ante}",
                     "ko": "{sb}/{bb}, BB 앤티 {ante}"},
        "break_short": {"en": "Break, {minutes} min", "ja": "休憩{minutes}分", "ko": "휴식 {minutes}분"},
        "next_level": {"en": "Level {n}: {blinds}, {minutes} min", "ja": "レベル{n}：{blinds}（{minutes}分）",
                       "ko": "레벨 {n}: {blinds} ({minutes}분)"},
        "colour_up": {"en": "Colour up the {chips} chips.", "ja": "{chips}のチップをカラーアップします。",
                      "ko": "{chips} 칩을 컬러업합니다."},
        "min_sec": {"en": "{m} min {s} s", "ja": "{m}分{s}秒", "ko": "{m}분 {s}초"},
        "no_ante": {"en": "none", "ja": "なし", "ko": "없음"},
        "ante_kind_ante": {"en": "{ante} (every player)", "ja": "{ante}（全員）", "ko": "{ante} (전원)"},
        "ante_kind_bba": {"en": "{ante} (big blind ante)", "ja": "{ante}（BBアンティ）", "ko": "{ante} (BB 앤티)"},
        # fields
        "f_blinds": {"en": "Blinds", "ja": "ブラインド", "ko": "블라인드"},
        "f_ante": {"en": "Ante", "ja": "アンティ", "ko": "앤티"},
        "f_ends": {"en": "Ends", "ja": "終了", "ko": "종료"},
        "f_resumes": {"en": "Play resumes", "ja": "再開", "ko": "재개"},
        "f_left": {"en": "Time left", "ja": "残り時間", "ko": "남은 시간"},
        "f_next": {"en": "Next", "ja": "次", "ko": "다음"},
        "f_colour_up": {"en": "Colour-up", "ja": "カラーアップ", "ko": "컬러업"},
        "f_structure": {"en": "Structure", "ja": "ストラクチャー", "ko": "스트럭처"},
        "preset_turbo": {"en": "turbo", "ja": "ターボ（turbo）", "ko": "터보 (turbo)"},
        "preset_regular": {"en": "regular", "ja": "レギュラー（regular）", "ko": "레귤러 (regular)"},
        "preset_deep": {"en": "deep", "ja": "ディープ（deep）", "ko": "딥 (deep)"},
        "inline": {"en": "typed in ({count} entries)", "ja": "入力したもの（{count}項目）", "ko": "직접 입력 ({count}개 항목)"},
        "footer": {
            "en": "The clock moves on by itself; a TD can pause, resume, skip or go back.",
            "ja": "クロックは自動で進みます。TDは一時停止・再開・スキップ・巻き戻しができます。",
            "ko": "클락은 자동으로 진행됩니다. TD는 일시정지, 재개, 건너뛰기, 되돌리기를 할 수 있습니다.",
        },
        # announcements (one short line each)
        "a_level": {
            "en": "Level {n} now: {blinds}. {minutes} minutes.",
            "ja": "レベル{n}になりました：{blinds}。{minutes}分です。",
            "ko": "레벨 {n} 시작: {blinds}. {minutes}분입니다.",
        },
        "a_last": {
            "en": "Level {n} now: {blinds}. This is the last level.",
            "ja": "レベル{n}になりました：{blinds}。最終レベルです。",
            "ko": "레벨 {n} 시작: {blinds}. 마지막 레벨입니다.",
        },
        "a_break": {
            "en": "Break for {minutes} minutes: play resumes {at} at level {n} ({blinds}).",
            "ja": "{minutes}分間の休憩です。{at}にレベル{n}（{blinds}）で再開します。",
            "ko": "{minutes}분 휴식입니다. {at}에 레벨 {n}({blinds})(으)로 다시 시작합니다.",
        },
        "a_away": {
            "en": "While the bot was away, these ended: {passed}.",
            "ja": "ボットの停止中に終わったもの：{passed}。",
            "ko": "봇이 멈춰 있는 동안 끝난 것: {passed}.",
        },
        "a_away_level": {"en": "level {n}", "ja": "レベル{n}", "ko": "레벨 {n}"},
        "a_away_break": {"en": "a break", "ja": "休憩", "ko": "휴식"},
        # command answers
        "started": {"en": "Blind clock started.", "ja": "ブラインドクロックを開始しました。",
                    "ko": "블라인드 클락을 시작했습니다."},
        "did_pause": {"en": "Paused by {user}.", "ja": "{user}さんが一時停止しました。", "ko": "{user} 님이 일시정지했습니다."},
        "did_resume": {"en": "Resumed by {user}.", "ja": "{user}さんが再開しました。", "ko": "{user} 님이 재개했습니다."},
        "did_next": {"en": "Moved on by {user}.", "ja": "{user}さんが次へ進めました。", "ko": "{user} 님이 다음으로 넘겼습니다."},
        "did_back": {"en": "Moved back by {user}.", "ja": "{user}さんが前に戻しました。", "ko": "{user} 님이 이전으로 되돌렸습니다."},
        "did_stop": {"en": "Stopped by {user}.", "ja": "{user}さんが終了しました。", "ko": "{user} 님이 종료했습니다."},
        "someone": {"en": "the floor", "ja": "フロア", "ko": "플로어"},
        "blind_level_used": {
            "en": "Blinds from the blind clock: level {n}, {blinds}.",
            "ja": "ブラインドクロックのレベル{n}（{blinds}）を使いました。",
            "ko": "블라인드 클락의 레벨 {n}({blinds})을(를) 사용했습니다.",
        },
        "f_blind_level": {"en": "Blind level", "ja": "ブラインドレベル", "ko": "블라인드 레벨"},
    },
    name="blinds",
)

ERRORS = Messages(
    {
        "blinds_no_structure": {
            "en": "Which structure? Give a preset (turbo, regular, deep) or the levels, e.g. 20m: 100/200, 200/400.",
            "ja": "ストラクチャーを指定してください。プリセット（turbo・regular・deep）か、例えば 20m: 100/200, 200/400 のように。",
            "ko": "스트럭처를 지정해 주세요. 프리셋(turbo, regular, deep)이나 20m: 100/200, 200/400 같은 레벨 목록으로.",
        },
        "blinds_unknown_preset": {
            "en": "There is no preset “{word}”; the presets are turbo, regular and deep.",
            "ja": "「{word}」というプリセットはありません。使えるのは turbo・regular・deep です。",
            "ko": "‘{word}’라는 프리셋은 없습니다. turbo, regular, deep 중에서 골라 주세요.",
        },
        "blinds_empty": {"en": "The structure has no levels.", "ja": "ストラクチャーにレベルがありません。",
                         "ko": "스트럭처에 레벨이 없습니다."},
        "blinds_too_many": {
            "en": "The structure has {count} entries; at most {limit} are allowed.",
            "ja": "ストラクチャーが{count}項目あります。上限は{limit}項目です。",
            "ko": "스트럭처가 {count}개 항목입니다. 최대 {limit}개까지 가능합니다.",
        },
        "blinds_minutes": {
            "en": "Level {level}: {minutes} minutes is outside {low}-{high} minutes.",
            "ja": "レベル{level}：{minutes}分は{low}〜{high}分の範囲外です。",
            "ko": "레벨 {level}: {minutes}분은 {low}~{high}분 범위를 벗어납니다.",
        },
        "blinds_break_edge": {
            "en": "A structure cannot start or end with a break (after level {level}).",
            "ja": "ストラクチャーは休憩で始めたり終えたりできません（レベル{level}の後）。",
            "ko": "스트럭처는 휴식으로 시작하거나 끝날 수 없습니다 (레벨 {level} 다음).",
        },
        "blinds_sb_over_bb": {
            "en": "Level {level}: the small blind {sb} is bigger than the big blind {bb}.",
            "ja": "レベル{level}：スモールブラインド{sb}がビッグブラインド{bb}より大きくなっています。",
            "ko": "레벨 {level}: 스몰 블라인드 {sb}이(가) 빅 블라인드 {bb}보다 큽니다.",
        },
        "blinds_not_up": {
            "en": "Level {level}: the blinds must go up; {blinds} does not come after {prev}.",
            "ja": "レベル{level}：ブラインドは上がっていく必要があります。{prev}の次に{blinds}は来られません。",
            "ko": "레벨 {level}: 블라인드는 올라가야 합니다. {prev} 다음에 {blinds}은(는) 올 수 없습니다.",
        },
        "blinds_bad_duration": {
            "en": "“{word}” is not a duration; write minutes like 20m.",
            "ja": "「{word}」は時間として読めません。20m のように分で書いてください。",
            "ko": "‘{word}’은(는) 시간으로 읽을 수 없습니다. 20m처럼 분으로 써 주세요.",
        },
        "blinds_bad_level": {
            "en": "Level {level}: “{word}” is not blinds like 100/200 (or a break: break 10m).",
            "ja": "レベル{level}：「{word}」は 100/200 のようなブラインドとして読めません（休憩なら break 10m）。",
            "ko": "레벨 {level}: ‘{word}’은(는) 100/200 같은 블라인드로 읽을 수 없습니다 (휴식은 break 10m).",
        },
        "blinds_bad_word": {
            "en": "Level {level}: “{word}” is not understood; after the blinds come ante N, bba N or a duration.",
            "ja": "レベル{level}：「{word}」が読めません。ブラインドの後には ante N・bba N・時間が書けます。",
            "ko": "레벨 {level}: ‘{word}’을(를) 읽을 수 없습니다. 블라인드 뒤에는 ante N, bba N, 시간을 쓸 수 있습니다.",
        },
        "blinds_no_duration": {
            "en": "Level {level} has no duration; put one before it, e.g. 20m: 100/200.",
            "ja": "レベル{level}の時間がありません。20m: 100/200 のように前に書いてください。",
            "ko": "레벨 {level}의 시간이 없습니다. 20m: 100/200처럼 앞에 써 주세요.",
        },
        "blinds_bad_break": {
            "en": "The break after level {level} is not understood; write break 10m (colour-up 25).",
            "ja": "レベル{level}の後の休憩が読めません。break 10m（colour-up 25）のように書いてください。",
            "ko": "레벨 {level} 다음 휴식을 읽을 수 없습니다. break 10m (colour-up 25)처럼 써 주세요.",
        },
        "blinds_break_minutes": {
            "en": "The break after level {level} needs a duration: break 10m.",
            "ja": "レベル{level}の後の休憩に時間を付けてください：break 10m。",
            "ko": "레벨 {level} 다음 휴식에 시간을 붙여 주세요: break 10m.",
        },
        "blinds_unknown_sub": {
            "en": "The blind clock has no “{word}”; use start, pause, resume, next, back or stop.",
            "ja": "ブラインドクロックに「{word}」はありません。start・pause・resume・next・back・stop が使えます。",
            "ko": "블라인드 클락에 ‘{word}’은(는) 없습니다. start, pause, resume, next, back, stop을 쓸 수 있습니다.",
        },
        "not_running": {
            "en": "No blind clock runs here; start one with blinds start turbo.",
            "ja": "ここではブラインドクロックが動いていません。blinds start turbo で開始できます。",
            "ko": "여기서는 블라인드 클락이 돌고 있지 않습니다. blinds start turbo로 시작하세요.",
        },
        "already_paused": {"en": "The blind clock is already paused.", "ja": "ブラインドクロックはすでに一時停止中です。",
                           "ko": "블라인드 클락은 이미 일시정지 중입니다."},
        "not_paused": {"en": "The blind clock is not paused.", "ja": "ブラインドクロックは一時停止していません。",
                       "ko": "블라인드 클락은 일시정지 상태가 아닙니다."},
        "last_level": {"en": "This is the last level; there is no next one.", "ja": "最終レベルなので次はありません。",
                       "ko": "마지막 레벨이라 다음이 없습니다."},
        "first_level": {"en": "This is the first level; there is nothing before it.",
                        "ja": "最初のレベルなので前はありません。", "ko": "첫 레벨이라 이전이 없습니다."},
        "stopped": {"en": "The blind clock is stopped.", "ja": "ブラインドクロックは終了しています。",
                    "ko": "블라인드 클락은 종료되었습니다."},
        "already_running": {
            "en": "A blind clock already runs here (level {n}); stop it first to start another.",
            "ja": "ここではすでにブラインドクロックが動いています（レベル{n}）。別のものを始めるには先に終了してください。",
            "ko": "여기서는 이미 블라인드 클락이 돌고 있습니다 (레벨 {n}). 새로 시작하려면 먼저 종료하세요.",
        },
        "not_allowed": {
            "en": "Starting, pausing or changing the blind clock needs Manage Server or Manage Events; anyone may look.",
            "ja": "ブラインドクロックの開始・一時停止・変更には「サーバー管理」か「イベントの管理」権限が必要です。表示は誰でもできます。",
            "ko": "블라인드 클락 시작·일시정지·변경에는 ‘서버 관리’나 ‘이벤트 관리’ 권한이 필요합니다. 보기는 누구나 할 수 있습니다.",
        },
    },
    name="blinds-errors",
)
