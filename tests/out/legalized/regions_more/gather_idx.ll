define dllexport void @gather_idx(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = and i32 %arg2, 15
  %v13 = trunc i32 %v3 to i16
  %v14 = mul i16 %v13, 4
  %v4 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 %v14, i32 0)
  %v5 = xor i32 %v3, 8
  %v15 = trunc i32 %v5 to i16
  %v16 = mul i16 %v15, 4
  %v6 = call i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32> %v2, i32 0, i32 1, i32 1, i16 %v16, i32 0)
  %v7 = add i32 %v4, %v6
  %v8 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> undef, i32 %v7, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v9 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v8, i32 %v4, i32 0, i32 1, i32 1, i16 4, i32 undef, i1 true)
  %v10 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v9, i32 %v6, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  %v11 = call <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32> %v10, i32 %v3, i32 0, i32 1, i32 1, i16 12, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v4i32(i32 %arg1, i32 %v0, <4 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v4i32(i32, i32, <4 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v16i32.i16(<16 x i32>, i32, i32, i32, i16, i32)
declare <4 x i32> @llvm.genx.wrregioni.v4i32.i32.i16.i1(<4 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @gather_idx, !"gather_idx", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only", !""}
