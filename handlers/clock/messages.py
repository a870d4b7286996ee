"""Every sentence the player clock says, in Japanese, Korean and English (one table, `MSG`).

Kept apart from the command's logic (handlers/clock/command.py) so each module stays short; the
keys are stable names the reply builder and the tests use.
"""

from __future__ import annotations

from handlers.i18n import Messages

MSG = Messages(
    {
        # headlines, one per phase
        "running": {
            "en": "Clock on {player}: {seconds} seconds to act, then a {countdown}-second countdown.",
            "ja": "{player}にクロック：アクションまで{seconds}秒、続いて{countdown}秒のカウントダウンです。",
            "ko": "{player} 클락: 액션까지 {seconds}초, 이어서 {countdown}초 카운트다운입니다.",
        },
        "countdown": {
            "en": "Countdown for {player}: {countdown} seconds left.",
            "ja": "{player}のカウントダウンが始まりました：残り{countdown}秒。",
            "ko": "{player} 카운트다운 시작: {countdown}초 남았습니다.",
        },
        "expired": {
            "en": "Time on {player}.",
            "ja": "{player}は時間切れです。",
            "ko": "{player}: 시간이 다 되었습니다.",
        },
        "acted": {
            "en": "{player} acted in time; the clock is stopped.",
            "ja": "{player}は時間内にアクションしました。クロックを止めます。",
            "ko": "{player}: 시간 안에 액션했습니다. 클락을 멈춥니다.",
        },
        "acted_same_moment": {
            "en": "{player} acted just as time ran out: the action stands.",
            "ja": "{player}のアクションは時間切れと同時でした。そのアクションは有効です。",
            "ko": "{player}: 시간이 끝나는 순간에 액션했으므로 그 액션이 인정됩니다.",
        },
        "cancelled": {
            "en": "The clock on {player} was called off.",
            "ja": "{player}へのクロックは取り消されました。",
            "ko": "{player} 클락이 취소되었습니다.",
        },
        # outcomes
        "bet_dead_hand": {
            "en": "Facing a bet: the hand is dead.",
            "ja": "ベットに直面しているので、ハンドはデッドになります。",
            "ko": "벳을 마주한 상태이므로 핸드는 데드가 됩니다.",
        },
        "no_bet_check": {
            "en": "Not facing a bet: it counts as a check.",
            "ja": "ベットに直面していないので、チェックとして扱います。",
            "ko": "벳이 없는 상태이므로 체크로 처리합니다.",
        },
        "no_bet_dead_hand": {
            "en": "Not facing a bet: under this edition the hand is dead all the same.",
            "ja": "ベットがなくても、この版のルールではハンドはデッドになります。",
            "ko": "벳이 없어도 이 판의 규칙에서는 핸드가 데드가 됩니다.",
        },
        "same_moment_note": {
            "en": "An action made at the same moment as time runs out stands.",
            "ja": "時間切れと同時に行ったアクションは有効です。",
            "ko": "시간이 끝나는 순간에 한 액션은 인정됩니다.",
        },
        "expired_late": {
            "en": "Time on {player} would have run out while the bot was away.",
            "ja": "ボットが止まっている間に、{player}の持ち時間は切れていたはずです。",
            "ko": "봇이 멈춰 있는 동안 {player}의 시간이 끝났을 것입니다.",
        },
        "floor_decides": {
            "en": "Nobody could press Acted while the bot was away, so it does not call the hand dead: "
                  "the floor decides what stands.",
            "ja": "ボットが止まっている間は誰も「アクション済み」を押せなかったので、ハンドをデッドとはしません。"
                  "どうするかはフロアが判断します。",
            "ko": "봇이 멈춘 동안에는 아무도 '액션함'을 누를 수 없었으므로 핸드를 데드로 처리하지 않습니다. "
                  "판단은 플로어가 합니다.",
        },
        "closed_late": {
            "en": "The bot was offline when time ran out and closed this clock when it came back.",
            "ja": "時間切れのときボットは停止していたため、再起動後にこのクロックを終了しました。",
            "ko": "시간이 끝날 때 봇이 멈춰 있어서, 다시 켜진 뒤에 이 클락을 종료했습니다.",
        },
        "server_times": {
            "en": "Times set by this server (the TD may adjust the clock).",
            "ja": "このサーバーが設定した時間です（TDはクロックの時間を調整できます）。",
            "ko": "이 서버가 정한 시간입니다 (TD는 클락 시간을 조정할 수 있습니다).",
        },
        # field names
        "f_player": {"en": "Player", "ja": "プレイヤー", "ko": "플레이어"},
        "f_started_by": {"en": "Called by", "ja": "クロック要求者", "ko": "요청자"},
        "f_countdown_at": {"en": "Countdown from", "ja": "カウントダウン開始", "ko": "카운트다운 시작"},
        "f_ends_at": {"en": "Time runs out", "ja": "時間切れ", "ko": "시간 종료"},
        "f_if_time": {"en": "If time runs out", "ja": "時間切れになったとき", "ko": "시간이 다 되면"},
        "f_outcome": {"en": "Outcome", "ja": "結果", "ko": "결과"},
        "f_stopped_by": {"en": "Stopped by", "ja": "停止した人", "ko": "멈춘 사람"},
        "f_facing": {"en": "Facing a bet", "ja": "ベット", "ko": "벳"},
        "facing_bet": {"en": "yes", "ja": "あり", "ko": "있음"},
        "facing_no_bet": {"en": "no", "ja": "なし", "ko": "없음"},
        "rules": {"en": "Rules", "ja": "根拠ルール", "ko": "근거 규칙"},
        # errors
        "no_player": {
            "en": "Whom is the clock on? Name a player: clock A, clock seat 4, clock player:A facing:bet.",
            "ja": "クロックをかけるプレイヤーを指定してください（例：clock A、clock seat 4、clock player:A facing:bet）。",
            "ko": "클락을 걸 플레이어를 지정해 주세요 (예: clock A, clock seat 4, clock player:A facing:bet).",
        },
        "bad_facing": {
            "en": "“{value}” does not say whether the player faces a bet; use facing:bet or facing:no-bet.",
            "ja": "「{value}」ではベットの有無がわかりません。facing:bet（ベット有り）か facing:no-bet（ベット無し）を指定してください。",
            "ko": "‘{value}’(으)로는 벳 여부를 알 수 없습니다. facing:bet(벳 있음) 또는 facing:no-bet(벳 없음)으로 지정해 주세요.",
        },
        "facing_conflict": {
            "en": "Facing a bet is given twice and the two disagree; give it once.",
            "ja": "ベットの有無が二度、食い違って指定されています。一度だけ指定してください。",
            "ko": "벳 여부가 서로 다르게 두 번 지정되었습니다. 한 번만 지정해 주세요.",
        },
        "unknown_option": {
            "en": "The clock has no option “{key}:”; it takes player: and facing:.",
            "ja": "クロックに「{key}:」という指定はありません。使えるのは player: と facing: です。",
            "ko": "클락에는 ‘{key}:’ 옵션이 없습니다. player: 와 facing: 을 쓸 수 있습니다.",
        },
        "player_too_long": {
            "en": "The player is given in {length} characters; keep it to {limit}.",
            "ja": "プレイヤー名が{length}文字あります。{limit}文字以内にしてください。",
            "ko": "플레이어 이름이 {length}자입니다. {limit}자 이내로 해 주세요.",
        },
        "duplicate": {
            "en": "{player} is already on the clock in this channel.",
            "ja": "このチャンネルでは{player}のクロックがすでに進行中です。",
            "ko": "이 채널에서 {player} 클락이 이미 진행 중입니다.",
        },
        "not_allowed": {
            "en": "Only the person who called this clock, or a member who can manage messages, can stop it.",
            "ja": "このクロックを止められるのは、要求した人か「メッセージの管理」権限を持つメンバーだけです。",
            "ko": "이 클락은 요청한 사람이나 ‘메시지 관리’ 권한이 있는 멤버만 멈출 수 있습니다.",
        },
        "already_stopped": {
            "en": "This clock is already over.",
            "ja": "このクロックはすでに終了しています。",
            "ko": "이 클락은 이미 끝났습니다.",
        },
        "too_late": {
            "en": "Too late: time had already run out.",
            "ja": "間に合いませんでした。すでに時間切れです。",
            "ko": "늦었습니다. 이미 시간이 다 되었습니다.",
        },
    },
    name="clock",
)
