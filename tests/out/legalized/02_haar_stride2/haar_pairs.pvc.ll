define dllexport void @haar_pairs(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 2, i16 0, i32 undef)
  %v4 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 2, i16 4, i32 undef)
  %v5 = add <16 x i32> %v3, %v4
  %v6 = sub <16 x i32> %v3, %v4
  %v7 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v5, i32 0, i32 16, i32 2, i16 0, i32 undef, i1 true)
  %v8 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v7, <16 x i32> %v6, i32 0, i32 16, i32 2, i16 4, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg1, i32 %v1, <32 x i32> %v8)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @haar_pairs, !"haar_pairs", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
