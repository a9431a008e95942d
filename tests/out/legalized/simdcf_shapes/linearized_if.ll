define dllexport void @linearized_if(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 2
  %v2 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = icmp sgt <16 x i32> %v2, <i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0, i32 0>
  %v4 = call { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1> <i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true, i1 true>, <16 x i1> <i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false, i1 false>, <16 x i1> %v3)
  %v5 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 0
  %v6 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 1
  %v7 = extractvalue { <32 x i1>, <16 x i1>, i1 } %v4, 2
  br i1 %v7, label %bb2, label %bb1
bb1:
  %v8 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %v5, i32 0)
  %v9 = sub <16 x i32> %v2, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v10 = select <16 x i1> %v8, <16 x i32> %v9, <16 x i32> %v2
  br label %bb2
bb2:
  %v11 = phi <16 x i32> [ %v2, %bb0 ], [ %v10, %bb1 ]
  %v12 = call { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1> %v5, <16 x i1> %v6)
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v1, <16 x i32> %v11)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare { <32 x i1>, <16 x i1>, i1 } @llvm.genx.simdcf.goto.v32i1.v16i1.v16i1(<32 x i1>, <16 x i1>, <16 x i1>)
declare { <32 x i1>, i1 } @llvm.genx.simdcf.join.v32i1.v16i1(<32 x i1>, <16 x i1>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @linearized_if, !"linearized_if", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
