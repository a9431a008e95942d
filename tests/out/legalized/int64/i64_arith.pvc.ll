define dllexport void @i64_arith(i32 %arg0, i64 %arg1) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = add <8 x i64> %v0, %v1
  %v3 = sub <8 x i64> %v2, <i64 4294967296, i64 1, i64 -1, i64 7, i64 4294967296, i64 1, i64 -1, i64 7>
  %v4 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> undef, i64 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v5 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v8i64.i16(<8 x i64> %v4, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v6 = mul <8 x i64> %v3, %v5
  %v7 = sub <8 x i64> <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %v6
  %v12 = bitcast <8 x i64> %v7 to <16 x i32>
  %v13 = bitcast <8 x i64> %v0 to <16 x i32>
  %v14 = xor <16 x i32> %v12, %v13
  %v8 = bitcast <16 x i32> %v14 to <8 x i64>
  %v9 = or <8 x i64> %v8, <i64 255, i64 255, i64 255, i64 255, i64 255, i64 255, i64 255, i64 255>
  %v15 = bitcast <8 x i64> %v9 to <16 x i32>
  %v16 = bitcast <8 x i64> %v1 to <16 x i32>
  %v17 = and <16 x i32> %v15, %v16
  %v10 = bitcast <16 x i32> %v17 to <8 x i64>
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v10)
  ret void
}

declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v8i64.i16(<8 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64)* @i64_arith, !"i64_arith", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 136}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
